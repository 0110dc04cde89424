import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ERRORS, AUTH_ERRORS, type ErrorDef } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { AdminAccount } from '../accounts/admin-account.entity';
import type { AdminAccountRepository } from '../accounts/admin-account.repository';
import { AdminAccountsService } from '../accounts/admin-accounts.service';
import type { AdminSettings } from '../accounts/admin.settings';
import type { AuditRow } from '../audit/audit.entity';
import type { AuditRepository } from '../audit/audit.repository';
import { AuditService } from '../audit/audit.service';
import type {
  AdminAssignmentRow,
  AdminDancerRow,
  AdminReportRow,
  AdminSectionRow,
  AdminUserRow,
  AdminVenueRow,
} from '../catalog/catalog.entity';
import type { ConsoleRepository } from './console.repository';
import { ConsoleService } from './console.service';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const admin: Actor = { role: 'admin', userId: ADMIN_ID };
const member: Actor = { role: 'member', userId: 'u0000000-0000-4000-8000-000000000001', userType: 'host' };
const m = {} as EntityManager;
const paging = { page: 1, pageSize: 20 };

const venue = (approvalStatus: AdminVenueRow['approvalStatus']) =>
  ({ venueId: 'venue-1', ownerId: 'owner-1', name: 'Velvet', approvalStatus, updatedAt: new Date(0) }) as AdminVenueRow;
const section = (over: Partial<AdminSectionRow> = {}) =>
  ({
    sectionId: 'section-1',
    venueId: 'venue-1',
    name: 'Room A',
    isVipRoom: true,
    isActive: true,
    ...over,
  }) as AdminSectionRow;
const dancer = (over: Partial<AdminDancerRow> = {}) =>
  ({
    dancerId: 'dancer-1',
    venueId: 'venue-1',
    name: 'Jade',
    entertainerUserId: 'ent-1',
    isActive: true,
    ...over,
  }) as AdminDancerRow;
const assignment = (status: AdminAssignmentRow['status']) =>
  ({
    assignmentId: 'asg-1',
    sectionId: 'section-1',
    dancerId: 'dancer-1',
    venueId: 'venue-1',
    entertainerUserId: 'ent-1',
    status,
    createdAt: new Date(0),
    respondedAt: null,
  }) as AdminAssignmentRow;
const report = (status: AdminReportRow['status']) =>
  ({
    reportId: 'report-1',
    kind: 'user',
    reporterId: 'u-1',
    reportedUserId: 'u-2',
    reason: 'spam',
    details: null,
    content: null,
    status,
    createdAt: new Date(0),
    decidedAt: null,
    decidedBy: null,
    note: null,
  }) as AdminReportRow;
const user = (suspendedAt: Date | null) =>
  ({
    userId: 'u-2',
    email: 'u2@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    userType: 'guest',
    city: 'Miami',
    state: 'FL',
    profileImages: [],
    createdAt: new Date(0),
    suspendedAt,
    suspendedReason: suspendedAt ? 'spam' : null,
  }) as AdminUserRow;

/**
 * The console over fake repositories: the rows a decision locks (absent when not given), the
 * admin accounts that exist (the acting admin's, unless `adminGone`), and an outbox and audit
 * log that record what was written.
 */
function setup(
  rows: {
    venue?: AdminVenueRow;
    section?: AdminSectionRow;
    dancer?: AdminDancerRow;
    assignment?: AdminAssignmentRow;
    report?: AdminReportRow;
    user?: AdminUserRow;
  } = {},
  adminGone = false,
) {
  const saved: string[] = [];
  const save = (kind: string) =>
    jest.fn(async (_m: EntityManager, row: object) => void saved.push(`${kind}:${JSON.stringify(row)}`));
  const repo = {
    users: jest.fn(async () => [[], 0]),
    venues: jest.fn(async () => [[], 0]),
    reports: jest.fn(async () => [[], 0]),
    lockVenue: jest.fn(async () => rows.venue ?? null),
    saveVenue: save('venue'),
    section: jest.fn(async () => rows.section ?? null),
    dancer: jest.fn(async () => rows.dancer ?? null),
    addAssignment: save('assignment'),
    lockAssignment: jest.fn(async () => rows.assignment ?? null),
    saveAssignment: save('assignment'),
    lockReport: jest.fn(async () => rows.report ?? null),
    saveReport: save('report'),
    lockUser: jest.fn(async () => rows.user ?? null),
    saveUser: save('user'),
    usersByIds: jest.fn(async () => []),
    venuesByIds: jest.fn(async () => []),
    sectionsByIds: jest.fn(async () => []),
    dancersByIds: jest.fn(async () => []),
  } as unknown as ConsoleRepository;
  const accountRows = {
    byId: jest.fn(async (id: string) =>
      id === ADMIN_ID && !adminGone
        ? ({ id, email: 'admin@example.com', name: 'Admin', passwordHash: 'x' } as AdminAccount)
        : null,
    ),
  } as unknown as AdminAccountRepository;
  const accounts = new AdminAccountsService(accountRows, {} as AdminSettings, { info: () => undefined } as never);
  const audited: AuditRow[] = [];
  const audit = new AuditService({
    add: async (_m: EntityManager, r: AuditRow) => void audited.push(r),
  } as unknown as AuditRepository);
  const published: { type: string; key: string; data: Record<string, unknown> }[] = [];
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, key: string, data: Record<string, unknown>) =>
        void published.push({ type, key, data }),
    ),
  } as unknown as Outbox;
  const ds = { transaction: jest.fn((fn: (m: EntityManager) => Promise<unknown>) => fn(m)) } as unknown as DataSource;
  const service = new ConsoleService(ds, repo, accounts, audit, outbox);
  return { service, repo, saved, audited, published, ds };
}

async function refusedWith(p: Promise<unknown>, def: ErrorDef): Promise<void> {
  await expect(p).rejects.toMatchObject({ code: def.code, status: def.status });
}

describe('ConsoleService: only a present admin acts', () => {
  it('refuses a member or an anonymous caller every list and decision, before reading anything', async () => {
    for (const actor of [member, { role: 'anonymous', userId: null } as Actor]) {
      const { service, repo, ds } = setup({ venue: venue('pending') });
      await refusedWith(service.users(actor, paging), AUTH_ERRORS.UNAUTHENTICATED);
      await refusedWith(service.reports(actor, paging), AUTH_ERRORS.UNAUTHENTICATED);
      await refusedWith(service.decideVenue(actor, 'venue-1', 'approved'), AUTH_ERRORS.UNAUTHENTICATED);
      await refusedWith(service.suspend(actor, 'u-2', 'spam'), AUTH_ERRORS.UNAUTHENTICATED);
      expect(repo.users).not.toHaveBeenCalled();
      expect(repo.reports).not.toHaveBeenCalled();
      expect(ds.transaction).not.toHaveBeenCalled();
    }
  });

  it('refuses a decision by an admin whose account was removed since his token was issued', async () => {
    const { service, ds, published } = setup({ venue: venue('pending') }, true);
    await refusedWith(service.decideVenue(admin, 'venue-1', 'approved'), AUTH_ERRORS.UNAUTHENTICATED);
    expect(ds.transaction).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });
});

describe('ConsoleService.decideVenue', () => {
  it('approves a pending venue: saved, audited (pending → approved) and published for venues to apply', async () => {
    const { service, saved, audited, published } = setup({ venue: venue('pending') });
    const out = await service.decideVenue(admin, 'venue-1', 'approved');
    expect(out.venue).toMatchObject({ id: 'venue-1', approvalStatus: 'approved' });
    expect(saved).toHaveLength(1);
    expect(audited.map((a) => [a.action, a.adminId, a.adminEmail, a.before, a.after])).toEqual([
      ['venue.approve', ADMIN_ID, 'admin@example.com', { approvalStatus: 'pending' }, { approvalStatus: 'approved' }],
    ]);
    expect(published).toEqual([
      {
        type: 'admin.venue-approval-decided',
        key: 'venue-1',
        data: { venueId: 'venue-1', status: 'approved', adminId: ADMIN_ID },
      },
    ]);
  });

  it('decides a venue once (NOT_PENDING) and answers an unknown one with VENUE_NOT_FOUND, writing nothing', async () => {
    for (const [rows, def] of [
      [{ venue: venue('approved') }, ADMIN_ERRORS.NOT_PENDING],
      [{ venue: venue('rejected') }, ADMIN_ERRORS.NOT_PENDING],
      [{}, ADMIN_ERRORS.VENUE_NOT_FOUND],
    ] as const) {
      const { service, saved, audited, published } = setup(rows);
      await refusedWith(service.decideVenue(admin, 'venue-1', 'rejected'), def);
      expect([saved, audited, published]).toEqual([[], [], []]);
    }
  });
});

describe('ConsoleService.assignDancer', () => {
  it('proposes an active dancer of the VIP room’s venue: inserted as proposed, audited and published', async () => {
    const { service, saved, audited, published } = setup({ section: section(), dancer: dancer() });
    const out = await service.assignDancer(admin, 'section-1', 'dancer-1');
    expect(out.assignment).toMatchObject({
      sectionId: 'section-1',
      dancerId: 'dancer-1',
      venueId: 'venue-1',
      entertainerUserId: 'ent-1',
      status: 'proposed',
    });
    expect(saved).toHaveLength(1);
    expect(audited.map((a) => a.action)).toEqual(['vip-assignment.propose']);
    expect(published.map((p) => p.type)).toEqual(['admin.vip-assignment-proposed']);
    expect(published[0]!.data).toMatchObject({
      sectionId: 'section-1',
      dancerId: 'dancer-1',
      venueId: 'venue-1',
      adminId: ADMIN_ID,
    });
  });

  it('refuses a section that is not a VIP room, an unknown or inactive dancer, and a dancer of another venue', async () => {
    for (const [rows, def] of [
      [{ dancer: dancer() }, ADMIN_ERRORS.SECTION_NOT_FOUND],
      [{ section: section({ isVipRoom: false }), dancer: dancer() }, ADMIN_ERRORS.NOT_VIP_ROOM],
      [{ section: section() }, ADMIN_ERRORS.DANCER_NOT_FOUND],
      [{ section: section(), dancer: dancer({ isActive: false }) }, ADMIN_ERRORS.DANCER_NOT_FOUND],
      [{ section: section(), dancer: dancer({ venueId: 'venue-2' }) }, ADMIN_ERRORS.OTHER_VENUE],
    ] as const) {
      const { service, saved, published } = setup(rows);
      await refusedWith(service.assignDancer(admin, 'section-1', 'dancer-1'), def);
      expect([saved, published]).toEqual([[], []]);
    }
  });
});

describe('ConsoleService.revokeAssignment', () => {
  it('revokes a proposed or accepted assignment (the audit keeps which it was)', async () => {
    for (const status of ['proposed', 'accepted'] as const) {
      const { service, audited, published } = setup({ assignment: assignment(status) });
      expect((await service.revokeAssignment(admin, 'asg-1')).assignment.status).toBe('revoked');
      expect(audited.map((a) => [a.before, a.after])).toEqual([[{ status }, { status: 'revoked' }]]);
      expect(published).toEqual([
        { type: 'admin.vip-assignment-revoked', key: 'asg-1', data: { assignmentId: 'asg-1', adminId: ADMIN_ID } },
      ]);
    }
  });

  it('refuses one already declined or revoked (NOT_REVOCABLE), writing nothing', async () => {
    for (const status of ['declined', 'revoked'] as const) {
      const { service, saved, published } = setup({ assignment: assignment(status) });
      await refusedWith(service.revokeAssignment(admin, 'asg-1'), ADMIN_ERRORS.NOT_REVOCABLE);
      expect([saved, published]).toEqual([[], []]);
    }
  });
});

describe('ConsoleService: suspension', () => {
  it('suspends an active member with the reason and publishes user-suspended for identity', async () => {
    const { service, audited, published } = setup({ user: user(null) });
    expect(await service.suspend(admin, 'u-2', 'harassment')).toMatchObject({
      id: 'u-2',
      suspended: true,
      suspendedReason: 'harassment',
    });
    expect(audited.map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.suspend', { suspended: false, reason: null }, { suspended: true, reason: 'harassment' }],
    ]);
    expect(published).toEqual([
      { type: 'admin.user-suspended', key: 'u-2', data: { userId: 'u-2', reason: 'harassment', adminId: ADMIN_ID } },
    ]);
  });

  it('reinstates a suspended member and publishes user-reinstated', async () => {
    const { service, published } = setup({ user: user(new Date(0)) });
    expect(await service.reinstate(admin, 'u-2')).toMatchObject({ suspended: false, suspendedReason: null });
    expect(published.map((p) => p.type)).toEqual(['admin.user-reinstated']);
  });

  it('refuses to suspend twice or reinstate an active member, writing nothing', async () => {
    const twice = setup({ user: user(new Date(0)) });
    await refusedWith(twice.service.suspend(admin, 'u-2', 'again'), ADMIN_ERRORS.ALREADY_SUSPENDED);
    const active = setup({ user: user(null) });
    await refusedWith(active.service.reinstate(admin, 'u-2'), ADMIN_ERRORS.NOT_SUSPENDED);
    const unknown = setup();
    await refusedWith(unknown.service.suspend(admin, 'u-2', 'spam'), ADMIN_ERRORS.USER_NOT_FOUND);
    for (const s of [twice, active, unknown]) expect([s.saved, s.audited, s.published]).toEqual([[], [], []]);
  });
});

describe('ConsoleService.decideReport', () => {
  it('resolves an open report once, with the deciding admin and the note (an empty note kept as none)', async () => {
    const { service, saved, audited } = setup({ report: report('open') });
    expect(await service.decideReport(admin, 'report-1', 'dismissed', '')).toMatchObject({
      id: 'report-1',
      status: 'dismissed',
    });
    expect(JSON.parse(saved[0]!.slice('report:'.length))).toMatchObject({
      status: 'dismissed',
      decidedBy: ADMIN_ID,
      note: null,
    });
    expect(audited.map((a) => [a.action, a.after])).toEqual([['report.dismiss', { status: 'dismissed', note: null }]]);
    const decided = setup({ report: report('resolved') });
    await refusedWith(
      decided.service.decideReport(admin, 'report-1', 'dismissed', 'late'),
      ADMIN_ERRORS.REPORT_DECIDED,
    );
    expect([decided.saved, decided.audited]).toEqual([[], []]);
  });
});
