import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ADMIN_ERRORS,
  ADMIN_MESSAGES,
  type AdminReport,
  type AdminUser,
  type AdminVenue,
  type VipAssignment,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError } from '@luxe/platform/http';
import { AdminAccountsService, requireAdmin } from '../accounts/admin-accounts.service';
import { AuditService } from '../audit/audit.service';
import { AdminAssignmentRow, type AdminReportRow, type AdminVenueRow } from '../catalog/catalog.entity';
import { toAssignment, toDancer, toReport, toUser, toVenue, toVipRoom } from './console.mapper';
import { ConsoleRepository, type Paging } from './console.repository';

/**
 * The admin console: lists from the read models, and decisions. Each decision is checked against
 * the read model, written to the audit log and published as an event in one transaction; the
 * owning service applies it (venues: approval and assignments; identity: suspension).
 */
@Injectable()
export class ConsoleService {
  constructor(
    private readonly ds: DataSource,
    private readonly rows: ConsoleRepository,
    private readonly accounts: AdminAccountsService,
    private readonly audit: AuditService,
    private readonly outbox: Outbox,
  ) {}

  /* ------------------------------------------------------------------ lists */

  async users(actor: Actor, q: Paging & { userType?: string; status?: 'active' | 'suspended' }) {
    requireAdmin(actor);
    const [rows, total] = await this.rows.users(q);
    return { users: rows.map(toUser), page: q.page, pageSize: q.pageSize, total };
  }

  async venues(actor: Actor, q: Paging & { approvalStatus?: string; type?: string }) {
    requireAdmin(actor);
    const [rows, total] = await this.rows.venues(q);
    return { venues: await this.venueViews(rows), page: q.page, pageSize: q.pageSize, total };
  }

  async vipRooms(actor: Actor, q: Paging & { venueId?: string }) {
    requireAdmin(actor);
    const [rows, total] = await this.rows.vipRooms(q);
    const venues = new Map((await this.rows.venuesByIds(rows.map((s) => s.venueId))).map((v) => [v.venueId, v]));
    const current = await this.rows.currentAssignments(rows.map((s) => s.sectionId));
    const views = await this.assignmentViews(current);
    const bySection = new Map<string, VipAssignment>();
    for (const a of views) if (!bySection.has(a.sectionId)) bySection.set(a.sectionId, a);
    const vipRooms = rows.map((s) => toVipRoom(s, venues.get(s.venueId), bySection.get(s.sectionId)));
    return { vipRooms, page: q.page, pageSize: q.pageSize, total };
  }

  async dancers(actor: Actor, q: Paging & { venueId?: string }) {
    requireAdmin(actor);
    const [rows, total] = await this.rows.dancers(q);
    const venues = new Map((await this.rows.venuesByIds(rows.map((d) => d.venueId))).map((v) => [v.venueId, v]));
    const dancers = rows.map((d) => toDancer(d, venues.get(d.venueId)));
    return { dancers, page: q.page, pageSize: q.pageSize, total };
  }

  async reports(actor: Actor, q: { page: number; pageSize: number; status?: string }) {
    requireAdmin(actor);
    const [rows, total] = await this.rows.reports(q);
    return { reports: await this.reportViews(rows), page: q.page, pageSize: q.pageSize, total };
  }

  /* -------------------------------------------------------------- decisions */

  async decideVenue(actor: Actor, venueId: string, status: 'approved' | 'rejected') {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const v = await this.rows.lockVenue(m, venueId);
      if (!v) throw AppError.of(ADMIN_ERRORS.VENUE_NOT_FOUND);
      if (v.approvalStatus !== 'pending') throw AppError.of(ADMIN_ERRORS.NOT_PENDING);
      // The read model shows the decision at once; venues applies it and confirms with `venue-approved`.
      v.approvalStatus = status;
      v.updatedAt = new Date();
      await this.rows.saveVenue(m, v);
      await this.audit.record(m, {
        admin,
        action: status === 'approved' ? 'venue.approve' : 'venue.reject',
        targetType: 'venue',
        targetId: venueId,
        before: { approvalStatus: 'pending' },
        after: { approvalStatus: status },
      });
      await this.outbox.add(m, 'admin.venue-approval-decided', venueId, { venueId, status, adminId: admin.id });
      return v;
    });
    return {
      message: status === 'approved' ? ADMIN_MESSAGES.approved : ADMIN_MESSAGES.rejected,
      venue: (await this.venueViews([row]))[0],
    };
  }

  async assignDancer(actor: Actor, sectionId: string, dancerId: string) {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const section = await this.rows.section(m, sectionId);
      if (!section) throw AppError.of(ADMIN_ERRORS.SECTION_NOT_FOUND);
      if (!section.isVipRoom) throw AppError.of(ADMIN_ERRORS.NOT_VIP_ROOM);
      const dancer = await this.rows.dancer(m, dancerId);
      if (!dancer || !dancer.isActive) throw AppError.of(ADMIN_ERRORS.DANCER_NOT_FOUND);
      if (dancer.venueId !== section.venueId) throw AppError.of(ADMIN_ERRORS.OTHER_VENUE);
      const a = Object.assign(new AdminAssignmentRow(), {
        assignmentId: randomUUID(),
        sectionId,
        dancerId,
        venueId: section.venueId,
        entertainerUserId: dancer.entertainerUserId,
        status: 'proposed' as const,
        createdAt: new Date(),
        respondedAt: null,
      });
      await this.rows.addAssignment(m, a);
      await this.audit.record(m, {
        admin,
        action: 'vip-assignment.propose',
        targetType: 'vip-assignment',
        targetId: a.assignmentId,
        before: null,
        after: { sectionId, dancerId, status: 'proposed' },
      });
      await this.outbox.add(m, 'admin.vip-assignment-proposed', a.assignmentId, {
        assignmentId: a.assignmentId,
        sectionId,
        dancerId,
        venueId: section.venueId,
        adminId: admin.id,
      });
      return a;
    });
    return { message: ADMIN_MESSAGES.assigned, assignment: (await this.assignmentViews([row]))[0] };
  }

  async revokeAssignment(actor: Actor, id: string) {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const a = await this.rows.lockAssignment(m, id);
      if (!a) throw AppError.of(ADMIN_ERRORS.ASSIGNMENT_NOT_FOUND);
      if (a.status !== 'proposed' && a.status !== 'accepted') throw AppError.of(ADMIN_ERRORS.NOT_REVOCABLE);
      const before = a.status;
      a.status = 'revoked';
      a.respondedAt = new Date();
      await this.rows.saveAssignment(m, a);
      await this.audit.record(m, {
        admin,
        action: 'vip-assignment.revoke',
        targetType: 'vip-assignment',
        targetId: id,
        before: { status: before },
        after: { status: 'revoked' },
      });
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

  async decideReport(
    actor: Actor,
    id: string,
    status: 'resolved' | 'dismissed',
    note: string | undefined,
  ): Promise<AdminReport> {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const r = await this.rows.lockReport(m, id);
      if (!r) throw AppError.of(ADMIN_ERRORS.REPORT_NOT_FOUND);
      if (r.status !== 'open') throw AppError.of(ADMIN_ERRORS.REPORT_DECIDED);
      Object.assign(r, { status, decidedAt: new Date(), decidedBy: admin.id, note: note || null });
      await this.rows.saveReport(m, r);
      await this.audit.record(m, {
        admin,
        action: status === 'resolved' ? 'report.resolve' : 'report.dismiss',
        targetType: 'report',
        targetId: id,
        before: { status: 'open' },
        after: { status, note: note || null },
      });
      return r;
    });
    return (await this.reportViews([row]))[0];
  }

  /* ---------------------------------------------------------------- helpers */

  private async setSuspension(actor: Actor, userId: string, reason: string | null): Promise<AdminUser> {
    const admin = await this.admin(actor);
    const row = await this.ds.transaction(async (m) => {
      const u = await this.rows.lockUser(m, userId);
      if (!u) throw AppError.of(ADMIN_ERRORS.USER_NOT_FOUND);
      if (reason !== null && u.suspendedAt) throw AppError.of(ADMIN_ERRORS.ALREADY_SUSPENDED);
      if (reason === null && !u.suspendedAt) throw AppError.of(ADMIN_ERRORS.NOT_SUSPENDED);
      const before = { suspended: !!u.suspendedAt, reason: u.suspendedReason };
      u.suspendedAt = reason !== null ? new Date() : null;
      u.suspendedReason = reason;
      await this.rows.saveUser(m, u);
      await this.audit.record(m, {
        admin,
        action: reason !== null ? 'user.suspend' : 'user.reinstate',
        targetType: 'user',
        targetId: userId,
        before,
        after: { suspended: reason !== null, reason },
      });
      if (reason !== null)
        await this.outbox.add(m, 'admin.user-suspended', userId, { userId, reason, adminId: admin.id });
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

  private async venueViews(rows: AdminVenueRow[]): Promise<AdminVenue[]> {
    const owners = new Map((await this.rows.usersByIds(rows.map((v) => v.ownerId))).map((u) => [u.userId, u]));
    return rows.map((v) => toVenue(v, owners.get(v.ownerId)));
  }

  private async assignmentViews(rows: AdminAssignmentRow[]): Promise<VipAssignment[]> {
    const dancers = new Map((await this.rows.dancersByIds(rows.map((a) => a.dancerId))).map((d) => [d.dancerId, d]));
    const sections = new Map(
      (await this.rows.sectionsByIds(rows.map((a) => a.sectionId))).map((s) => [s.sectionId, s]),
    );
    const venues = new Map((await this.rows.venuesByIds(rows.map((a) => a.venueId))).map((v) => [v.venueId, v]));
    return rows.map((a) =>
      toAssignment(a, {
        dancer: dancers.get(a.dancerId),
        section: sections.get(a.sectionId),
        venue: venues.get(a.venueId),
      }),
    );
  }

  private async reportViews(rows: AdminReportRow[]): Promise<AdminReport[]> {
    const users = new Map(
      (await this.rows.usersByIds(rows.flatMap((r) => [r.reporterId, r.reportedUserId]))).map((u) => [u.userId, u]),
    );
    return rows.map((r) => toReport(r, users));
  }
}
