import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, In, SelectQueryBuilder, type ObjectLiteral } from 'typeorm';
import {
  AdminAssignmentRow,
  AdminDancerRow,
  AdminReportRow,
  AdminSectionRow,
  AdminUserRow,
  AdminVenueRow,
} from '../catalog/catalog.entity';

export interface Paging {
  search?: string;
  page: number;
  pageSize: number;
}
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function paged<T extends ObjectLiteral>(q: SelectQueryBuilder<T>, p: Paging): Promise<[T[], number]> {
  // offset/limit: the lists join no relations, and skip/take cannot order by a joined alias.
  return q
    .offset((p.page - 1) * p.pageSize)
    .limit(p.pageSize)
    .getManyAndCount();
}

/**
 * Every query of the admin console on its read models: the lists (a page and the total), the
 * rows a decision locks and writes (in the decision's transaction), and the rows a view names.
 */
@Injectable()
export class ConsoleRepository {
  constructor(private readonly ds: DataSource) {}

  /* ------------------------------------------------------------------ lists */

  users(q: Paging & { userType?: string; status?: 'active' | 'suspended' }): Promise<[AdminUserRow[], number]> {
    const b = this.ds.manager.getRepository(AdminUserRow).createQueryBuilder('u');
    if (q.search)
      b.andWhere(
        new Brackets((w) =>
          w.where(`u.email ILIKE :s`).orWhere(`u.first_name || ' ' || u.last_name ILIKE :s`).orWhere('u.city ILIKE :s'),
        ),
        { s: like(q.search) },
      );
    if (q.userType) b.andWhere('u.user_type = :t', { t: q.userType });
    if (q.status) b.andWhere(q.status === 'suspended' ? 'u.suspended_at IS NOT NULL' : 'u.suspended_at IS NULL');
    return paged(b.orderBy('u.created_at', 'DESC').addOrderBy('u.user_id'), q);
  }

  venues(q: Paging & { approvalStatus?: string; type?: string }): Promise<[AdminVenueRow[], number]> {
    const b = this.ds.manager.getRepository(AdminVenueRow).createQueryBuilder('v');
    if (q.search)
      b.andWhere(
        new Brackets((w) => w.where('v.name ILIKE :s').orWhere('v.city ILIKE :s').orWhere('v.state ILIKE :s')),
        { s: like(q.search) },
      );
    if (q.approvalStatus) b.andWhere('v.approval_status = :a', { a: q.approvalStatus });
    if (q.type) b.andWhere('v.type = :t', { t: q.type });
    // Pending first: that is what waits for an admin.
    return paged(
      b.orderBy(`(v.approval_status = 'pending')`, 'DESC').addOrderBy('v.updated_at', 'DESC').addOrderBy('v.venue_id'),
      q,
    );
  }

  vipRooms(q: Paging & { venueId?: string }): Promise<[AdminSectionRow[], number]> {
    const b = this.ds.manager
      .getRepository(AdminSectionRow)
      .createQueryBuilder('s')
      .innerJoin(AdminVenueRow, 'v', 'v.venue_id = s.venue_id')
      .where('s.is_vip_room');
    if (q.search)
      b.andWhere(new Brackets((w) => w.where('s.name ILIKE :s').orWhere('v.name ILIKE :s')), { s: like(q.search) });
    if (q.venueId) b.andWhere('s.venue_id = :venueId', { venueId: q.venueId });
    return paged(b.orderBy('v.name').addOrderBy('s.name').addOrderBy('s.section_id'), q);
  }

  dancers(q: Paging & { venueId?: string }): Promise<[AdminDancerRow[], number]> {
    const b = this.ds.manager.getRepository(AdminDancerRow).createQueryBuilder('d').where('d.is_active');
    if (q.search) b.andWhere('d.name ILIKE :s', { s: like(q.search) });
    if (q.venueId) b.andWhere('d.venue_id = :venueId', { venueId: q.venueId });
    return paged(b.orderBy('d.name').addOrderBy('d.dancer_id'), q);
  }

  reports(q: { page: number; pageSize: number; status?: string }): Promise<[AdminReportRow[], number]> {
    const b = this.ds.manager.getRepository(AdminReportRow).createQueryBuilder('r');
    if (q.status) b.where('r.status = :status', { status: q.status });
    return paged(b.orderBy('r.created_at', 'DESC').addOrderBy('r.report_id'), q);
  }

  /** The sections' assignments still in force (proposed or accepted), newest first. */
  currentAssignments(sectionIds: string[]): Promise<AdminAssignmentRow[]> {
    return this.ds.manager.find(AdminAssignmentRow, {
      where: {
        sectionId: In(sectionIds.length ? sectionIds : ['00000000-0000-0000-0000-000000000000']),
        status: In(['proposed', 'accepted']),
      },
      order: { createdAt: 'DESC' },
    });
  }

  /* -------------------------------------------------- rows a decision writes */

  lockVenue(m: EntityManager, venueId: string): Promise<AdminVenueRow | null> {
    return m
      .getRepository(AdminVenueRow)
      .createQueryBuilder('v')
      .setLock('pessimistic_write')
      .where('v.venue_id = :venueId', { venueId })
      .getOne();
  }
  async saveVenue(m: EntityManager, v: AdminVenueRow): Promise<void> {
    await m.save(AdminVenueRow, v);
  }
  section(m: EntityManager, sectionId: string): Promise<AdminSectionRow | null> {
    return m.findOneBy(AdminSectionRow, { sectionId });
  }
  dancer(m: EntityManager, dancerId: string): Promise<AdminDancerRow | null> {
    return m.findOneBy(AdminDancerRow, { dancerId });
  }
  async addAssignment(m: EntityManager, a: AdminAssignmentRow): Promise<void> {
    await m.insert(AdminAssignmentRow, a);
  }
  lockAssignment(m: EntityManager, id: string): Promise<AdminAssignmentRow | null> {
    return m
      .getRepository(AdminAssignmentRow)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.assignment_id = :id', { id })
      .getOne();
  }
  async saveAssignment(m: EntityManager, a: AdminAssignmentRow): Promise<void> {
    await m.save(AdminAssignmentRow, a);
  }
  lockReport(m: EntityManager, id: string): Promise<AdminReportRow | null> {
    return m
      .getRepository(AdminReportRow)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.report_id = :id', { id })
      .getOne();
  }
  async saveReport(m: EntityManager, r: AdminReportRow): Promise<void> {
    await m.save(AdminReportRow, r);
  }
  lockUser(m: EntityManager, userId: string): Promise<AdminUserRow | null> {
    return m
      .getRepository(AdminUserRow)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.user_id = :userId', { userId })
      .getOne();
  }
  async saveUser(m: EntityManager, u: AdminUserRow): Promise<void> {
    await m.save(AdminUserRow, u);
  }

  /* ------------------------------------------------------ rows a view names */

  usersByIds(ids: string[]): Promise<AdminUserRow[]> {
    return this.byIds(AdminUserRow, 'userId', ids);
  }
  venuesByIds(ids: string[]): Promise<AdminVenueRow[]> {
    return this.byIds(AdminVenueRow, 'venueId', ids);
  }
  sectionsByIds(ids: string[]): Promise<AdminSectionRow[]> {
    return this.byIds(AdminSectionRow, 'sectionId', ids);
  }
  dancersByIds(ids: string[]): Promise<AdminDancerRow[]> {
    return this.byIds(AdminDancerRow, 'dancerId', ids);
  }

  private byIds<T extends ObjectLiteral>(entity: new () => T, key: keyof T & string, ids: string[]): Promise<T[]> {
    const unique = [...new Set(ids)];
    return unique.length ? this.ds.manager.findBy(entity, { [key]: In(unique) } as never) : Promise.resolve([]);
  }
}
