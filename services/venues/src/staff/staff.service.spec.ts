import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { dancerInputSchema, VENUE_ERRORS } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';
import { VenueAccess } from '../venues/venue-access';
import type { VenueEntity } from '../venues/venue.entity';
import type { VenueRepository } from '../venues/venue.repository';
import type { DancerEntity } from './staff.entity';
import type { StaffRepository } from './staff.repository';
import { StaffService } from './staff.service';

const OWNER = '11111111-1111-4111-8111-111111111111';
const VENUE = '33333333-3333-4333-8333-333333333333';
const DANCER = '66666666-6666-4666-8666-666666666666';
const m = {} as EntityManager;
const owner: Actor = { role: 'member', userId: OWNER, userType: 'venue' };
const otherOwner: Actor = { role: 'member', userId: '22222222-2222-4222-8222-222222222222', userType: 'venue' };
const member: Actor = { role: 'member', userId: '55555555-5555-4555-8555-555555555555', userType: 'member' };

/** The service over fake repositories: one venue, one active dancer, and whether upcoming bookings take him. */
function setup(opts: { upcoming?: boolean; venue?: Partial<VenueEntity> } = {}) {
  const venue = {
    id: VENUE,
    ownerId: OWNER,
    subtype: 'strip_club',
    approvalStatus: 'approved',
    isActive: true,
    ...opts.venue,
  } as VenueEntity;
  const dancer = {
    id: DANCER,
    venueId: VENUE,
    name: 'Star',
    description: '',
    images: [],
    specialties: [],
    isAvailable: true,
    isActive: true,
    entertainerUserId: null,
    priceModifier: '1.00',
    createdAt: new Date('2099-01-01T00:00:00Z'),
  } as DancerEntity;
  const saved: DancerEntity[] = [];
  const deleted: string[] = [];
  const staff = {
    findById: jest.fn(async (_e: unknown, id: string) => (id === DANCER ? { ...dancer } : null)),
    findByVenue: jest.fn(async (_e: unknown, _v: string, all: boolean) =>
      all || (dancer.isActive && dancer.isAvailable) ? [dancer] : [],
    ),
    save: jest.fn(async (_m: EntityManager, _e: unknown, d: DancerEntity) => (saved.push(d), d)),
    delete: jest.fn(async (_m: EntityManager, _e: unknown, id: string) => void deleted.push(id)),
  } as unknown as StaffRepository;
  const venues = {
    findById: jest.fn(async (id: string) => (id === VENUE ? venue : null)),
  } as unknown as VenueRepository;
  const bookings = { hasUpcoming: jest.fn(async () => opts.upcoming ?? false) } as unknown as VenueBookingRepository;
  const published: string[] = [];
  const outbox = {
    add: jest.fn(async (_m: EntityManager, type: string, key: string) => void published.push(`${type}:${key}`)),
  } as unknown as Outbox;
  const ds = { manager: m, transaction: (fn: (m: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  return {
    service: new StaffService(ds, staff, new VenueAccess(venues), outbox, bookings),
    saved,
    deleted,
    published,
    bookings,
  };
}

describe('StaffService: a dancer that upcoming bookings take stays', () => {
  it('refuses to remove him (409), deleting and publishing nothing; removes him otherwise', async () => {
    const booked = setup({ upcoming: true });
    await expect(booked.service.removeDancer(owner, DANCER)).rejects.toMatchObject({
      status: 409,
      code: VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS.code,
    });
    expect(booked.bookings.hasUpcoming).toHaveBeenCalledWith(m, { dancerId: DANCER });
    expect([booked.deleted, booked.published]).toEqual([[], []]);
    const free = setup();
    await free.service.removeDancer(owner, DANCER);
    expect([free.deleted, free.published]).toEqual([[DANCER], [`venues.dancer-removed:${DANCER}`]]);
  });

  it('refuses to make him inactive (409), but lets other changes through', async () => {
    const booked = setup({ upcoming: true });
    await expect(
      booked.service.updateDancer(owner, DANCER, dancerInputSchema.parse({ name: 'Star', isActive: false })),
    ).rejects.toMatchObject({ status: 409, code: VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS.code });
    expect(booked.saved).toEqual([]);
    expect(
      await booked.service.updateDancer(owner, DANCER, dancerInputSchema.parse({ name: 'Nova', priceModifier: 1.5 })),
    ).toMatchObject({ name: 'Nova', priceModifier: '1.50', isActive: true });
  });

  it("refuses another owner (403) before looking at the dancer's bookings", async () => {
    const { service, bookings, deleted } = setup({ upcoming: true });
    await expect(service.removeDancer(otherOwner, DANCER)).rejects.toMatchObject({
      status: 403,
      code: VENUE_ERRORS.NOT_OWNER.code,
    });
    expect(bookings.hasUpcoming).not.toHaveBeenCalled();
    expect(deleted).toEqual([]);
  });
});

describe('StaffService.dancers (the booking page picker)', () => {
  it("shows members only a strip club's available dancers, and nothing of another club", async () => {
    expect(await setup().service.dancers(member, VENUE)).toHaveLength(1);
    expect(await setup({ venue: { subtype: 'nightclub' } }).service.dancers(member, VENUE)).toEqual([]);
  });
});
