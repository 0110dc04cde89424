import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { sectionInputSchema, VENUE_ERRORS, type SectionInput } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';
import { VenueAccess } from '../venues/venue-access';
import type { VenueEntity } from '../venues/venue.entity';
import type { VenueRepository } from '../venues/venue.repository';
import type { SectionEntity } from './section.entity';
import type { SectionRepository } from './section.repository';
import { SectionService } from './section.service';

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER_OWNER = '22222222-2222-4222-8222-222222222222';
const VENUE = '33333333-3333-4333-8333-333333333333';
const SECTION = '44444444-4444-4444-8444-444444444444';
const m = {} as EntityManager;
const owner: Actor = { role: 'member', userId: OWNER, userType: 'venue' };
const otherOwner: Actor = { role: 'member', userId: OTHER_OWNER, userType: 'venue' };
const member: Actor = { role: 'member', userId: '55555555-5555-4555-8555-555555555555', userType: 'member' };

const section = (over: Partial<SectionEntity> = {}): SectionEntity => ({
  id: SECTION,
  venueId: VENUE,
  name: 'Main floor',
  type: 'table',
  description: '',
  images: [],
  capacity: 8,
  pricePerHour: '200.00',
  amenities: [],
  isVipRoom: false,
  isExclusive: false,
  maxSimultaneousBookings: 3,
  isActive: true,
  minimumSpend: null,
  depositPercent: 0,
  createdAt: new Date('2099-01-01T00:00:00Z'),
  ...over,
});
const dto = (over: Partial<SectionInput> = {}) =>
  sectionInputSchema.parse({ name: 'VIP', type: 'room', capacity: 6, pricePerHour: 300, ...over });

/**
 * The service over fake repositories: one venue (a club, or a strip club), one section, and
 * whether upcoming bookings take it; VenueAccess is the real one over the fake venue repository.
 * The transaction runs its callback at once; saves, deletes and published events are recorded.
 */
function setup(opts: { venue?: Partial<VenueEntity>; section?: SectionEntity | null; upcoming?: boolean } = {}) {
  const venue = {
    id: VENUE,
    ownerId: OWNER,
    subtype: null,
    pricePerHour: '100.00',
    approvalStatus: 'approved',
    isActive: true,
    ...opts.venue,
  } as VenueEntity;
  const existing = opts.section === undefined ? section() : opts.section;
  const saved: SectionEntity[] = [];
  const deleted: string[] = [];
  const sections = {
    findById: jest.fn(async (id: string) => (existing && existing.id === id ? existing : null)),
    findByVenue: jest.fn(async (_venueId: string, onlyActive: boolean) =>
      existing ? [existing].filter((s) => !onlyActive || s.isActive) : [],
    ),
    save: jest.fn(async (_m: EntityManager, s: SectionEntity) => (saved.push(s), s)),
    delete: jest.fn(async (_m: EntityManager, id: string) => void deleted.push(id)),
  } as unknown as SectionRepository;
  const venues = {
    findById: jest.fn(async (id: string) => (id === VENUE ? venue : null)),
  } as unknown as VenueRepository;
  const bookings = { hasUpcoming: jest.fn(async () => opts.upcoming ?? false) } as unknown as VenueBookingRepository;
  const published: { type: string; key: string }[] = [];
  const outbox = {
    add: jest.fn(async (_m: EntityManager, type: string, key: string) => void published.push({ type, key })),
  } as unknown as Outbox;
  const ds = { transaction: (fn: (m: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  const service = new SectionService(ds, sections, new VenueAccess(venues), outbox, bookings);
  return { service, saved, deleted, published, bookings };
}

describe('SectionService.remove', () => {
  it('refuses with 409 while upcoming bookings take the section, and deletes and publishes nothing', async () => {
    const { service, deleted, published, bookings } = setup({ upcoming: true });
    await expect(service.remove(owner, SECTION)).rejects.toMatchObject({
      status: 409,
      code: VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS.code,
      message: VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS.message,
    });
    expect(bookings.hasUpcoming).toHaveBeenCalledWith(m, { sectionId: SECTION });
    expect([deleted, published]).toEqual([[], []]);
  });

  it('deletes a section without upcoming bookings and publishes section-removed', async () => {
    const { service, deleted, published } = setup();
    await service.remove(owner, SECTION);
    expect(deleted).toEqual([SECTION]);
    expect(published).toEqual([{ type: 'venues.section-removed', key: SECTION }]);
  });

  it("refuses another owner's section (403) and an unknown one (404), before looking at its bookings", async () => {
    const other = setup();
    await expect(other.service.remove(otherOwner, SECTION)).rejects.toMatchObject({
      status: 403,
      code: VENUE_ERRORS.NOT_OWNER.code,
    });
    expect(other.bookings.hasUpcoming).not.toHaveBeenCalled();
    const gone = setup({ section: null });
    await expect(gone.service.remove(owner, SECTION)).rejects.toMatchObject({
      status: 404,
      code: VENUE_ERRORS.SECTION_NOT_FOUND.code,
    });
    expect([other.deleted, gone.deleted]).toEqual([[], []]);
  });

  it('refuses a member who is not a venue owner (403), whatever the section', async () => {
    const { service, deleted } = setup();
    await expect(service.remove(member, SECTION)).rejects.toMatchObject({ status: 403 });
    expect(deleted).toEqual([]);
  });
});

describe('SectionService.create and update', () => {
  it('refuses a VIP room outside a strip club (400), saving nothing', async () => {
    const { service, saved, published } = setup({ venue: { subtype: 'nightclub' } });
    await expect(service.create(owner, VENUE, dto({ isVipRoom: true }))).rejects.toMatchObject({
      status: 400,
      code: VENUE_ERRORS.VIP_ONLY_STRIP_CLUB.code,
    });
    expect([saved, published]).toEqual([[], []]);
  });

  it('stores a VIP room of a strip club as exclusive, one booking at a time, whatever the form sent', async () => {
    const { service, published } = setup({ venue: { subtype: 'strip_club' } });
    const s = await service.create(
      owner,
      VENUE,
      dto({ isVipRoom: true, isExclusive: false, maxSimultaneousBookings: 5 }),
    );
    expect(s).toMatchObject({ isVipRoom: true, isExclusive: true, maxSimultaneousBookings: 1 });
    expect(published.map((p) => p.type)).toEqual(['venues.section-changed']);
  });

  it("refuses photos that are not the owner's own uploads (400)", async () => {
    const { service, saved } = setup();
    await expect(
      service.create(owner, VENUE, dto({ images: [`/api/images/venues/${OTHER_OWNER}/a.jpg`] })),
    ).rejects.toMatchObject({ status: 400, code: VENUE_ERRORS.NOT_YOUR_IMAGE.code });
    expect(saved).toEqual([]);
  });

  it("refuses to change another owner's section (403)", async () => {
    const { service, saved } = setup();
    await expect(service.update(otherOwner, SECTION, dto())).rejects.toMatchObject({
      status: 403,
      code: VENUE_ERRORS.NOT_OWNER.code,
    });
    expect(saved).toEqual([]);
  });
});

describe('SectionService.list', () => {
  it('shows the public only the active sections of a public venue, the owner all of them', async () => {
    const inactive = section({ isActive: false });
    expect(await setup({ section: inactive }).service.list(member, VENUE)).toEqual([]);
    expect((await setup({ section: inactive }).service.list(owner, VENUE)).map((s) => s.id)).toEqual([SECTION]);
  });

  it('hides a venue that is not approved from anyone but its owner (404)', async () => {
    const pending = { approvalStatus: 'pending' as const };
    await expect(setup({ venue: pending }).service.list(member, VENUE)).rejects.toMatchObject({
      status: 404,
      code: VENUE_ERRORS.NOT_FOUND.code,
    });
    expect(await setup({ venue: pending }).service.list(owner, VENUE)).toHaveLength(1);
  });
});
