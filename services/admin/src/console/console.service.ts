import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, In, SelectQueryBuilder, type ObjectLiteral } from 'typeorm';
import {
  ADMIN_ERRORS,
  ADMIN_MESSAGES,
  type AdminDancer,
  type AdminReport,
  type AdminUser,
  type AdminVenue,
  type AdminVipRoom,
  type VipAssignment,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError } from '@luxe/platform/http';
import { AdminAccountsService, requireAdmin } from '../accounts/admin-accounts.service';
import { AuditService } from '../audit/audit.service';
import { AdminAssignmentRow, AdminDancerRow, AdminReportRow, AdminSectionRow, AdminUserRow, AdminVenueRow } from '../catalog/catalog.entity';

interface Paging {
  search?: string;
  page: number;
  pageSize: number;
}
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function paged<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, p: Paging): Promise<[T[], number]> {
  // offset/limit: the lists join no relations, and skip/take cannot order by a joined alias.
  return q.offset((p.page - 1) * p.pageSize).limit(p.pageSize).getManyAndCount();
}

const toUser = (u: AdminUserRow): AdminUser => ({
  id: u.userId,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  userType: u.userType as AdminUser['userType'],
  city: u.city,
  state: u.state,
  profileImages: u.profileImages ?? [],
  createdAt: new Date(u.createdAt).toISOString(),
  suspended: !!u.suspendedAt,
  suspendedReason: u.suspendedReason,
});

/**
 * The admin console: lists from the read models, and decisions. Each decision is checked against
 * the read model, written to the audit log and published as an event in one transaction; the
 * owning service applies it (venues: approval and assignments; identity: suspension).
 */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly ds: DataSource,
    private readonly accounts: AdminAccountsService,
    private readonly audit: AuditService,
    private readonly outbox: Outbox,
  ) {}

  /* ------------------------------------------------------------------ lists */

  async users(actor: Actor, q: Paging & { userType?: string; status?: 'active' | 'suspended' }) {
    requireAdmin(actor);
    const b = this.ds.manager.getRepository(AdminUserRow).createQueryBuilder('u');
    if (q.search) b.andWhere(new Brackets((w) => w.where(`u.email ILIKE :s`).orWhere(`u.first_name || ' ' || u.last_name ILIKE :s`).orWhere('u.city ILIKE :s')), { s: like(q.search) });
    if (q.userType) b.andWhere('u.user_type = :t', { t: q.userType });
    if (q.status) b.andWhere(q.status === 'suspended' ? 'u.suspended_at IS NOT NULL' : 'u.suspended_at IS NULL');
    const [rows, total] = await paged(b.orderBy('u.created_at', 'DESC').addOrderBy('u.user_id'), q);
    return { users: rows.map(toUser), page: q.page, pageSize: q.pageSize, total };
  }

  async venues(actor: Actor, q: Paging & { approvalStatus?: string; type?: string }) {
    requireAdmin(actor);
    const b = this.ds.manager.getRepository(AdminVenueRow).createQueryBuilder('v');
    if (q.search) b.andWhere(new Brackets((w) => w.where('v.name ILIKE :s').orWhere('v.city ILIKE :s').orWhere('v.state ILIKE :s')), { s: like(q.search) });
    if (q.approvalStatus) b.andWhere('v.approval_status = :a', { a: q.approvalStatus });
    if (q.type) b.andWhere('v.type = :t', { t: q.type });
    // Pending first: that is what waits for an admin.
    const [rows, total] = await paged(b.orderBy(`(v.approval_status = 'pending')`, 'DESC').addOrderBy('v.updated_at', 'DESC').addOrderBy('v.venue_id'), q);
    return { venues: await this.venueViews(rows), page: q.page, pageSize: q.pageSize, total };
  }

  async vipRooms(actor: Actor, q: Paging & { venueId?: string }) {
    requireAdmin(actor);
    const b = this.ds.manager.getRepository(AdminSectionRow).createQueryBuilder('s').innerJoin(AdminVenueRow, 'v', 'v.venue_id = s.venue_id').where('s.is_vip_room');
    if (q.search) b.andWhere(new Brackets((w) => w.where('s.name ILIKE :s').orWhere('v.name ILIKE :s')), { s: like(q.search) });
    if (q.venueId) b.andWhere('s.venue_id = :venueId', { venueId: q.venueId });
    const [rows, total] = await paged(b.orderBy('v.name').addOrderBy('s.name').addOrderBy('s.section_id'), q);
    const venues = new Map((await this.byIds(AdminVenueRow, 'venueId', rows.map((s) => s.venueId))).map((v) => [v.venueId, v]));
    const current = await this.ds.manager.find(AdminAssignmentRow, { where: { sectionId: In(rows.length ? rows.map((s) => s.sectionId) : ['00000000-0000-0000-0000-000000000000']), status: In(['proposed', 'accepted']) }, order: { createdAt: 'DESC' } });
    const views = await this.assignmentViews(current);
    const bySection = new Map<string, VipAssignment>();
    for (const a of views) if (!bySection.has(a.sectionId)) bySection.set(a.sectionId, a);
    const vipRooms: AdminVipRoom[] = rows.map((s) => {
      const v = venues.get(s.venueId);
      return {
        id: s.sectionId,
        name: s.name,
        type: s.type,
        pricePerHour: s.pricePerHour,
        capacity: s.capacity,
        isActive: s.isActive,
        venue: { id: s.venueId, name: v?.name ?? '', city: v?.city ?? '', state: v?.state ?? '' },
        assignment: bySection.get(s.sectionId) ?? null,
      };
    });
    return { vipRooms, page: q.page, pageSize: q.pageSize, total };
  }

  async dancers(actor: Actor, q: Paging & { venueId?: string }) {
    requireAdmin(actor);
    const b = this.ds.manager.getRepository(AdminDancerRow).createQueryBuilder('d').where('d.is_active');
    if (q.search) b.andWhere('d.name ILIKE :s', { s: like(q.search) });
    if (q.venueId) b.andWhere('d.venue_id = :venueId', { venueId: q.venueId });
    const [rows, total] = await paged(b.orderBy('d.name').addOrderBy('d.dancer_id'), q);
    const venues = new Map((await this.byIds(AdminVenueRow, 'venueId', rows.map((d) => d.venueId))).map((v) => [v.venueId, v]));
    const dancers: AdminDancer[] = rows.map((d) => ({
      id: d.dancerId,
      name: d.name,
      venueId: d.venueId,
      venueName: venues.get(d.venueId)?.name ?? '',
      entertainerUserId: d.entertainerUserId,
      imageUrl: d.imageUrl,
      priceModifier: d.priceModifier,
      isAvailable: d.isAvailable,
      isActive: d.isActive,
    }));
    return { dancers, page: q.page, pageSize: q.pageSize, total };
  }

  async reports(actor: Actor, q: { page: number; pageSize: number; status?: string }) {
    requireAdmin(actor);
    const b = this.ds.manager.getRepository(AdminReportRow).createQueryBuilder('r');
    if (q.status) b.where('r.status = :status', { status: q.status });
    const [rows, total] = await paged(b.orderBy('r.created_at', 'DESC').addOrderBy('r.report_id'), q);
    return { reports: await this.reportViews(rows), page: q.page, pageSize: q.pageSize, total };
  }

  /* -------------------------------------------------------------- decisions */

  async decideVenue(actor: Actor, venueId: string, status: 'approved' | 'rejected') {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const v = await m.getRepository(AdminVenueRow).createQueryBuilder('v').setLock('pessimistic_write').where('v.venue_id = :venueId', { venueId }).getOne();
      if (!v) throw AppError.of(ADMIN_ERRORS.VENUE_NOT_FOUND);
      if (v.approvalStatus !== 'pending') throw AppError.of(ADMIN_ERRORS.NOT_PENDING);
      // The read model shows the decision at once; venues applies it and confirms with `venue-approved`.
      v.approvalStatus = status;
      v.updatedAt = new Date();
      await m.save(AdminVenueRow, v);
      await this.audit.record(m, { admin, action: status === 'approved' ? 'venue.approve' : 'venue.reject', targetType: 'venue', targetId: venueId, before: { approvalStatus: 'pending' }, after: { approvalStatus: status } });
      await this.outbox.add(m, 'admin.venue-approval-decided', venueId, { venueId, status, adminId: admin.id });
      return v;
    });
    return { message: status === 'approved' ? ADMIN_MESSAGES.approved : ADMIN_MESSAGES.rejected, venue: (await this.venueViews([row]))[0] };
  }

  async assignDancer(actor: Actor, sectionId: string, dancerId: string) {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const section = await m.findOneBy(AdminSectionRow, { sectionId });
      if (!section) throw AppError.of(ADMIN_ERRORS.SECTION_NOT_FOUND);
      if (!section.isVipRoom) throw AppError.of(ADMIN_ERRORS.NOT_VIP_ROOM);
      const dancer = await m.findOneBy(AdminDancerRow, { dancerId });
      if (!dancer || !dancer.isActive) throw AppError.of(ADMIN_ERRORS.DANCER_NOT_FOUND);
      if (dancer.venueId !== section.venueId) throw AppError.of(ADMIN_ERRORS.OTHER_VENUE);
      const a = Object.assign(new AdminAssignmentRow(), { assignmentId: randomUUID(), sectionId, dancerId, venueId: section.venueId, entertainerUserId: dancer.entertainerUserId, status: 'proposed' as const, createdAt: new Date(), respondedAt: null });
      await m.insert(AdminAssignmentRow, a);
      await this.audit.record(m, { admin, action: 'vip-assignment.propose', targetType: 'vip-assignment', targetId: a.assignmentId, before: null, after: { sectionId, dancerId, status: 'proposed' } });
      await this.outbox.add(m, 'admin.vip-assignment-proposed', a.assignmentId, { assignmentId: a.assignmentId, sectionId, dancerId, venueId: section.venueId, adminId: admin.id });
      return a;
    });
    return { message: ADMIN_MESSAGES.assigned, assignment: (await this.assignmentViews([row]))[0] };
  }

  async revokeAssignment(actor: Actor, id: string) {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const a = await m.getRepository(AdminAssignmentRow).createQueryBuilder('a').setLock('pessimistic_write').where('a.assignment_id = :id', { id }).getOne();
      if (!a) throw AppError.of(ADMIN_ERRORS.ASSIGNMENT_NOT_FOUND);
      if (a.status !== 'proposed' && a.status !== 'accepted') throw AppError.of(ADMIN_ERRORS.NOT_REVOCABLE);
      const before = a.status;
      a.status = 'revoked';
      a.respondedAt = new Date();
      await m.save(AdminAssignmentRow, a);
      await this.audit.record(m, { admin, action: 'vip-assignment.revoke', targetType: 'vip-assignment', targetId: id, before: { status: before }, after: { status: 'revoked' } });
      await this.outbox.add(m, 'admin.vip-assignment-revoked', id, { assignmentId: id, adminId: admin.id });
      return a;
    });
    return { message: ADMIN_MESSAGES.revoked, assignment: (await this.assignmentViews([row]))[0] };
  }

  suspend(actor: Actor, userId: string, reason: string): Promise<AdminUser> {
    return this.setSuspension(actor, userId, reason);
  }

  reinstate(actor: Actor, userId: string): Promise<AdminUser> {
    return this.setSuspension(actor, userId, null);
  }

  async decideReport(actor: Actor, id: string, status: 'resolved' | 'dismissed', note: string | undefined): Promise<AdminReport> {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const r = await m.getRepository(AdminReportRow).createQueryBuilder('r').setLock('pessimistic_write').where('r.report_id = :id', { id }).getOne();
      if (!r) throw AppError.of(ADMIN_ERRORS.REPORT_NOT_FOUND);
      if (r.status !== 'open') throw AppError.of(ADMIN_ERRORS.REPORT_DECIDED);
      Object.assign(r, { status, decidedAt: new Date(), decidedBy: admin.id, note: note || null });
      await m.save(AdminReportRow, r);
      await this.audit.record(m, { admin, action: status === 'resolved' ? 'report.resolve' : 'report.dismiss', targetType: 'report', targetId: id, before: { status: 'open' }, after: { status, note: note || null } });
      return r;
    });
    return (await this.reportViews([row]))[0];
  }

  /* ---------------------------------------------------------------- helpers */

  private async setSuspension(actor: Actor, userId: string, reason: string | null): Promise<AdminUser> {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const u = await m.getRepository(AdminUserRow).createQueryBuilder('u').setLock('pessimistic_write').where('u.user_id = :userId', { userId }).getOne();
      if (!u) throw AppError.of(ADMIN_ERRORS.USER_NOT_FOUND);
      if (reason !== null && u.suspendedAt) throw AppError.of(ADMIN_ERRORS.ALREADY_SUSPENDED);
      if (reason === null && !u.suspendedAt) throw AppError.of(ADMIN_ERRORS.NOT_SUSPENDED);
      const before = { suspended: !!u.suspendedAt, reason: u.suspendedReason };
      u.suspendedAt = reason !== null ? new Date() : null;
      u.suspendedReason = reason;
      await m.save(AdminUserRow, u);
      await this.audit.record(m, { admin, action: reason !== null ? 'user.suspend' : 'user.reinstate', targetType: 'user', targetId: userId, before, after: { suspended: reason !== null, reason } });
      if (reason !== null) await this.outbox.add(m, 'admin.user-suspended', userId, { userId, reason, adminId: admin.id });
      else await this.outbox.add(m, 'admin.user-reinstated', userId, { userId, adminId: admin.id });
      return u;
    });
    return toUser(row);
  }

  /** The acting admin (for the audit log): his account must still exist. */
  private async admin(actor: Actor): Promise<{ id: string; email: string }> {
    const a = await this.accounts.session(actor);
    return { id: a.id, email: a.email };
  }

  private byIds<T extends ObjectLiteral>(entity: new () => T, key: keyof T & string, ids: string[]): Promise<T[]> {
    const unique = [...new Set(ids)];
    return unique.length ? this.ds.manager.findBy(entity, { [key]: In(unique) } as never) : Promise.resolve([]);
  }

  private async venueViews(rows: AdminVenueRow[]): Promise<AdminVenue[]> {
    const owners = new Map((await this.byIds(AdminUserRow, 'userId', rows.map((v) => v.ownerId))).map((u) => [u.userId, u]));
    return rows.map((v) => {
      const o = owners.get(v.ownerId);
      return {
        id: v.venueId,
        name: v.name,
        type: v.type,
        subtype: v.subtype,
        city: v.city,
        state: v.state,
        imageUrl: v.imageUrl,
        pricePerHour: v.pricePerHour,
        capacity: v.capacity,
        isActive: v.isActive,
        approvalStatus: v.approvalStatus,
        owner: { id: v.ownerId, firstName: o?.firstName ?? '', lastName: o?.lastName ?? '', email: o?.email ?? '' },
      };
    });
  }

  private async assignmentViews(rows: AdminAssignmentRow[]): Promise<VipAssignment[]> {
    const dancers = new Map((await this.byIds(AdminDancerRow, 'dancerId', rows.map((a) => a.dancerId))).map((d) => [d.dancerId, d]));
    const sections = new Map((await this.byIds(AdminSectionRow, 'sectionId', rows.map((a) => a.sectionId))).map((s) => [s.sectionId, s]));
    const venues = new Map((await this.byIds(AdminVenueRow, 'venueId', rows.map((a) => a.venueId))).map((v) => [v.venueId, v]));
    return rows.map((a) => ({
      id: a.assignmentId,
      sectionId: a.sectionId,
      dancerId: a.dancerId,
      venueId: a.venueId,
      entertainerUserId: a.entertainerUserId,
      status: a.status,
      createdAt: new Date(a.createdAt).toISOString(),
      respondedAt: a.respondedAt ? new Date(a.respondedAt).toISOString() : null,
      dancerName: dancers.get(a.dancerId)?.name ?? '',
      sectionName: sections.get(a.sectionId)?.name ?? '',
      venueName: venues.get(a.venueId)?.name ?? '',
    }));
  }

  private async reportViews(rows: AdminReportRow[]): Promise<AdminReport[]> {
    const users = new Map((await this.byIds(AdminUserRow, 'userId', rows.flatMap((r) => [r.reporterId, r.reportedUserId]))).map((u) => [u.userId, u]));
    const name = (id: string) => {
      const u = users.get(id);
      return u ? `${u.firstName} ${u.lastName}`.trim() : 'Deleted member';
    };
    return rows.map((r) => ({
      id: r.reportId,
      kind: r.kind,
      reason: r.reason as AdminReport['reason'],
      details: r.details,
      content: r.content,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      reporter: { id: r.reporterId, name: name(r.reporterId) },
      reported: { id: r.reportedUserId, name: name(r.reportedUserId), suspended: !!users.get(r.reportedUserId)?.suspendedAt },
    }));
  }
}
