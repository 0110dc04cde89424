import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { AUTH_ERRORS, ENTERTAINER_ERRORS } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { SectionEntity } from '../sections/section.entity';
import type { SectionRepository } from '../sections/section.repository';
import type { DancerEntity } from '../staff/staff.entity';
import type { StaffRepository } from '../staff/staff.repository';
import type { StaffService } from '../staff/staff.service';
import type { VenueEntity } from '../venues/venue.entity';
import type { VenueRepository } from '../venues/venue.repository';
import type { EntertainerCard, EntertainerRequestEntity, VipAssignmentEntity } from './entertainer.entity';
import type { EntertainerRepository } from './entertainer.repository';
import { EntertainerService } from './entertainer.service';

const OWNER = '11111111-1111-4111-8111-111111111111';
const ENTERTAINER = '22222222-2222-4222-8222-222222222222';
const VENUE = '33333333-3333-4333-8333-333333333333';
const OTHER_VENUE = '44444444-4444-4444-8444-444444444444';
const REQUEST = '55555555-5555-4555-8555-555555555555';
const DANCER = '66666666-6666-4666-8666-666666666666';
const ASSIGNMENT = '77777777-7777-4777-8777-777777777777';
const ROOM = '88888888-8888-4888-8888-888888888888';
const m = {} as EntityManager;
const owner: Actor = { role: 'member', userId: OWNER, userType: 'venue' };
const otherOwner: Actor = { role: 'member', userId: '99999999-9999-4999-8999-999999999999', userType: 'venue' };
const entertainer: Actor = { role: 'member', userId: ENTERTAINER, userType: 'entertainer' };

const venueRow = (over: Partial<VenueEntity> = {}) =>
  ({
    id: VENUE,
    ownerId: OWNER,
    name: 'Velvet',
    subtype: 'strip_club',
    approvalStatus: 'approved',
    isActive: true,
    ...over,
  }) as VenueEntity;
const dancerRow = (over: Partial<DancerEntity> = {}) =>
  ({ id: DANCER, venueId: VENUE, name: 'Star', entertainerUserId: null, ...over }) as DancerEntity;
const pending = (over: Partial<EntertainerRequestEntity> = {}): EntertainerRequestEntity => ({
  id: REQUEST,
  entertainerUserId: ENTERTAINER,
  venueId: VENUE,
  status: 'pending',
  dancerId: null,
  createdAt: new Date('2099-01-01T00:00:00Z'),
  respondedAt: null,
  ...over,
});
const proposal = (over: Partial<VipAssignmentEntity> = {}): VipAssignmentEntity => ({
  id: ASSIGNMENT,
  sectionId: ROOM,
  dancerId: DANCER,
  venueId: VENUE,
  entertainerUserId: ENTERTAINER,
  status: 'proposed',
  createdAt: new Date('2099-01-01T00:00:00Z'),
  respondedAt: null,
  ...over,
});

/**
 * The service over fake repositories holding one venue, one dancer, one request, one assignment
 * and one VIP room (each may be absent); the transaction runs its callback at once. Saved rows,
 * inserted requests, dancers published and events are recorded.
 */
function setup(
  opts: {
    venue?: VenueEntity | null;
    dancer?: DancerEntity | null;
    request?: EntertainerRequestEntity | null;
    assignment?: VipAssignmentEntity | null;
    room?: Partial<SectionEntity> | null;
    linked?: boolean;
    duplicate?: boolean;
  } = {},
) {
  const venue = opts.venue === undefined ? venueRow() : opts.venue;
  const dancer = opts.dancer === undefined ? dancerRow() : opts.dancer;
  const request = opts.request === undefined ? pending() : opts.request;
  const assignment = opts.assignment === undefined ? proposal() : opts.assignment;
  const room =
    opts.room === null ? null : ({ id: ROOM, venueId: VENUE, isVipRoom: true, ...opts.room } as SectionEntity);
  const added: EntertainerRequestEntity[] = [];
  const savedRequests: EntertainerRequestEntity[] = [];
  const savedAssignments: string[] = [];
  const insertedAssignments: VipAssignmentEntity[] = [];
  const savedDancers: DancerEntity[] = [];
  const card = { userId: ENTERTAINER, firstName: 'Nova', lastName: 'Lane', profileImages: [] } as EntertainerCard;
  const entertainers = {
    addRequest: jest.fn(async (r: EntertainerRequestEntity) => (opts.duplicate ? false : (added.push(r), true))),
    lockRequest: jest.fn(async (_m: EntityManager, id: string) => (request?.id === id ? { ...request } : null)),
    saveRequest: jest.fn(async (_m: EntityManager, r: EntertainerRequestEntity) => (savedRequests.push(r), r)),
    lockAssignment: jest.fn(async (_m: EntityManager, id: string) =>
      assignment?.id === id ? { ...assignment } : null,
    ),
    assignmentExists: jest.fn(async () => false),
    liveAssignmentsOfSection: jest.fn(async () =>
      assignment && (assignment.status === 'proposed' || assignment.status === 'accepted') ? [{ ...assignment }] : [],
    ),
    insertAssignment: jest.fn(async (_m: EntityManager, a: VipAssignmentEntity) => void insertedAssignments.push(a)),
    saveAssignment: jest.fn(
      async (_m: EntityManager, a: VipAssignmentEntity) => (savedAssignments.push(`${a.id}:${a.status}`), a),
    ),
    card: jest.fn(async () => card),
    cards: jest.fn(async () => [card]),
  } as unknown as EntertainerRepository;
  const venues = {
    findById: jest.fn(async (id: string) => (venue?.id === id ? venue : null)),
    findByIds: jest.fn(async () => (venue ? [venue] : [])),
  } as unknown as VenueRepository;
  const sections = {
    findById: jest.fn(async (id: string) => (room?.id === id ? room : null)),
    findByIds: jest.fn(async () => (room ? [room] : [])),
  } as unknown as SectionRepository;
  const dancers = {
    isLinked: jest.fn(async () => opts.linked ?? false),
    findById: jest.fn(async (_e: unknown, id: string) => (dancer?.id === id ? dancer : null)),
    findByIds: jest.fn(async () => (dancer ? [dancer] : [])),
    lockDancer: jest.fn(async (_m: EntityManager, id: string) => (dancer?.id === id ? { ...dancer } : null)),
    save: jest.fn(async (_m: EntityManager, _e: unknown, d: DancerEntity) => (savedDancers.push(d), d)),
  } as unknown as StaffRepository;
  const staff = { publishDancer: jest.fn(async () => undefined) } as unknown as StaffService;
  const published: { type: string; key: string; data: Record<string, unknown> }[] = [];
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, key: string, data: Record<string, unknown>) =>
        void published.push({ type, key, data }),
    ),
  } as unknown as Outbox;
  const ds = { transaction: (fn: (m: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  const service = new EntertainerService(ds, entertainers, venues, sections, dancers, staff, outbox);
  return { service, added, savedRequests, savedAssignments, insertedAssignments, savedDancers, published, staff };
}

describe('EntertainerService.request (an entertainer asks to join a strip club)', () => {
  it('records a pending request with the venue and the entertainer as they are known', async () => {
    const { service, added } = setup();
    const r = await service.request(entertainer, VENUE);
    expect(added).toHaveLength(1);
    expect(r).toMatchObject({
      entertainerUserId: ENTERTAINER,
      venueId: VENUE,
      venueName: 'Velvet',
      status: 'pending',
      dancerId: null,
      entertainer: { firstName: 'Nova', lastName: 'Lane' },
    });
  });

  it('refuses members who are not entertainers (403), venues not public (404) and venues that are not strip clubs (400)', async () => {
    const cases: [Actor, Parameters<typeof setup>[0], { status: number; code: string }][] = [
      [owner, {}, ENTERTAINER_ERRORS.ENTERTAINERS_ONLY],
      [entertainer, { venue: venueRow({ approvalStatus: 'pending' }) }, ENTERTAINER_ERRORS.VENUE_NOT_FOUND],
      [entertainer, { venue: null }, ENTERTAINER_ERRORS.VENUE_NOT_FOUND],
      [entertainer, { venue: venueRow({ subtype: 'nightclub' }) }, ENTERTAINER_ERRORS.NO_ENTERTAINERS],
    ];
    for (const [actor, o, def] of cases) {
      const { service, added } = setup(o);
      await expect(service.request(actor, VENUE)).rejects.toMatchObject({ status: def.status, code: def.code });
      expect(added).toEqual([]);
    }
  });

  it("answers 409 when he is already one of the venue's entertainers, or already asked (the unique index)", async () => {
    for (const o of [{ linked: true }, { duplicate: true }]) {
      await expect(setup(o).service.request(entertainer, VENUE)).rejects.toMatchObject({
        status: 409,
        code: ENTERTAINER_ERRORS.DUPLICATE_REQUEST.code,
      });
    }
  });
});

describe('EntertainerService.decideRequest (the owner approves or declines)', () => {
  it("does not show another owner's request (404) and refuses a non-owner role (403), changing nothing", async () => {
    const other = setup();
    await expect(other.service.decideRequest(otherOwner, REQUEST, { approve: false })).rejects.toMatchObject({
      status: 404,
      code: ENTERTAINER_ERRORS.REQUEST_NOT_FOUND.code,
    });
    const notOwner = setup();
    await expect(notOwner.service.decideRequest(entertainer, REQUEST, { approve: false })).rejects.toMatchObject({
      status: 403,
      code: AUTH_ERRORS.FORBIDDEN.code,
    });
    expect([other.savedRequests, notOwner.savedRequests]).toEqual([[], []]);
  });

  it('decides a request once: a decided one answers 409', async () => {
    const { service, savedRequests } = setup({ request: pending({ status: 'declined' }) });
    await expect(service.decideRequest(owner, REQUEST, { approve: false })).rejects.toMatchObject({
      status: 409,
      code: ENTERTAINER_ERRORS.NOT_PENDING.code,
    });
    expect(savedRequests).toEqual([]);
  });

  it("approving without a dancer makes a profile in the entertainer's name, published, and links it", async () => {
    const { service, savedDancers, staff } = setup();
    const r = await service.decideRequest(owner, REQUEST, { approve: true, dancerId: null });
    expect(savedDancers).toHaveLength(1);
    expect(savedDancers[0]).toMatchObject({
      venueId: VENUE,
      entertainerUserId: ENTERTAINER,
      name: 'Nova Lane',
      isActive: true,
      priceModifier: '1.00',
    });
    expect(staff.publishDancer).toHaveBeenCalledWith(m, savedDancers[0]);
    expect(r).toMatchObject({ status: 'approved', dancerId: savedDancers[0]!.id });
  });

  it('links only a dancer of the venue (404) that no other entertainer holds (409)', async () => {
    const elsewhere = setup({ dancer: dancerRow({ venueId: OTHER_VENUE }) });
    await expect(
      elsewhere.service.decideRequest(owner, REQUEST, { approve: true, dancerId: DANCER }),
    ).rejects.toMatchObject({ status: 404, code: ENTERTAINER_ERRORS.DANCER_NOT_FOUND.code });
    const taken = setup({ dancer: dancerRow({ entertainerUserId: '12121212-1212-4121-8121-121212121212' }) });
    await expect(
      taken.service.decideRequest(owner, REQUEST, { approve: true, dancerId: DANCER }),
    ).rejects.toMatchObject({ status: 409, code: ENTERTAINER_ERRORS.DANCER_TAKEN.code });
    expect([elsewhere.savedDancers, taken.savedDancers, elsewhere.savedRequests, taken.savedRequests]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    const free = setup();
    expect(await free.service.decideRequest(owner, REQUEST, { approve: true, dancerId: DANCER })).toMatchObject({
      status: 'approved',
      dancerId: DANCER,
    });
    expect(free.savedDancers[0]).toMatchObject({ id: DANCER, entertainerUserId: ENTERTAINER });
  });
});

describe('EntertainerService VIP room assignments', () => {
  it("lets only the dancer's entertainer answer (404 for anyone else), once while proposed (409)", async () => {
    const stranger: Actor = { role: 'member', userId: '13131313-1313-4131-8131-131313131313', userType: 'entertainer' };
    const other = setup({ dancer: dancerRow({ entertainerUserId: ENTERTAINER }) });
    await expect(other.service.answer(stranger, ASSIGNMENT, true)).rejects.toMatchObject({
      status: 404,
      code: ENTERTAINER_ERRORS.ASSIGNMENT_NOT_FOUND.code,
    });
    const answered = setup({
      dancer: dancerRow({ entertainerUserId: ENTERTAINER }),
      assignment: proposal({ status: 'declined' }),
    });
    await expect(answered.service.answer(entertainer, ASSIGNMENT, true)).rejects.toMatchObject({
      status: 409,
      code: ENTERTAINER_ERRORS.NOT_PROPOSED.code,
    });
    expect([other.savedAssignments, answered.savedAssignments, other.published, answered.published]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    const mine = setup({ dancer: dancerRow({ entertainerUserId: ENTERTAINER }) });
    expect(await mine.service.answer(entertainer, ASSIGNMENT, true)).toMatchObject({ status: 'accepted' });
    expect(mine.published.map((p) => `${p.type}:${p.data.status}`)).toEqual(['venues.vip-assignment-changed:accepted']);
  });

  it("lets the owner revoke only his venue's assignments (404 otherwise), while proposed or accepted (409 after)", async () => {
    await expect(setup().service.ownerRevoke(otherOwner, ASSIGNMENT)).rejects.toMatchObject({
      status: 404,
      code: ENTERTAINER_ERRORS.ASSIGNMENT_NOT_FOUND.code,
    });
    await expect(
      setup({ assignment: proposal({ status: 'revoked' }) }).service.ownerRevoke(owner, ASSIGNMENT),
    ).rejects.toMatchObject({ status: 409, code: ENTERTAINER_ERRORS.NOT_REVOCABLE.code });
    expect(
      await setup({ assignment: proposal({ status: 'accepted' }) }).service.ownerRevoke(owner, ASSIGNMENT),
    ).toMatchObject({ status: 'revoked' });
  });

  it("a proposal for a dancer of another venue than the room's is announced revoked, and nothing is stored", async () => {
    const data = { assignmentId: ASSIGNMENT, sectionId: ROOM, dancerId: DANCER, venueId: VENUE };
    const { service, insertedAssignments, published } = setup({
      dancer: dancerRow({ venueId: OTHER_VENUE }),
      assignment: null,
    });
    await service.proposed(m, data as never);
    expect(insertedAssignments).toEqual([]);
    expect(published.map((p) => `${p.type}:${p.key}:${p.data.status}`)).toEqual([
      `venues.vip-assignment-changed:${ASSIGNMENT}:revoked`,
    ]);
  });

  it("a new proposal for a room revokes the room's live assignment first, then is proposed", async () => {
    const NEW = '14141414-1414-4141-8141-141414141414';
    const { service, insertedAssignments, savedAssignments, published } = setup({
      dancer: dancerRow({ entertainerUserId: ENTERTAINER }),
    });
    await service.proposed(m, { assignmentId: NEW, sectionId: ROOM, dancerId: DANCER, venueId: VENUE } as never);
    expect(savedAssignments).toEqual([`${ASSIGNMENT}:revoked`]);
    expect(insertedAssignments).toEqual([
      expect.objectContaining({ id: NEW, status: 'proposed', entertainerUserId: ENTERTAINER }),
    ]);
    expect(published.map((p) => `${p.key}:${p.data.status}`)).toEqual([`${ASSIGNMENT}:revoked`, `${NEW}:proposed`]);
  });
});
