import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { AUTH_ERRORS, VENUE_ERRORS } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import type { Actor } from '@luxe/platform/http';
import type { SectionRepository } from '../sections/section.repository';
import type { StaffRepository } from '../staff/staff.repository';
import type { VenueBookingRepository } from '../venue-bookings/venue-booking.repository';
import { VenueAccess } from './venue-access';
import type { PublicVenueCache } from './venue.cache';
import type { VenueEntity } from './venue.entity';
import type { VenueRepository } from './venue.repository';
import { VenueService } from './venue.service';

const OWNER = '11111111-1111-4111-8111-111111111111';
const VENUE = '33333333-3333-4333-8333-333333333333';
const SECTION = '44444444-4444-4444-8444-444444444444';
const m = {} as EntityManager;
const owner: Actor = { role: 'member', userId: OWNER, userType: 'venue' };
const otherOwner: Actor = { role: 'member', userId: '22222222-2222-4222-8222-222222222222', userType: 'venue' };
const member: Actor = { role: 'member', userId: '55555555-5555-4555-8555-555555555555', userType: 'member' };

/** The service over fake repositories: one venue with one section, and whether upcoming bookings take it. */
function setup(opts: { upcoming?: boolean; venue?: Partial<VenueEntity> } = {}) {
  const venue = {
    id: VENUE,
    ownerId: OWNER,
    name: 'Velvet',
    type: 'club',
    subtype: null,
    images: [],
    pricePerHour: '100.00',
    rating: '0.00',
    pricingTiers: [],
    approvalStatus: 'approved',
    isActive: true,
    createdAt: new Date('2099-01-01T00:00:00Z'),
    ...opts.venue,
  } as unknown as VenueEntity;
  const deleted: string[] = [];
  const saved: VenueEntity[] = [];
  const venues = {
    findById: jest.fn(async (id: string) => (id === VENUE ? { ...venue } : null)),
    save: jest.fn(async (_m: EntityManager, v: VenueEntity) => (saved.push(v), v)),
    delete: jest.fn(async (_m: EntityManager, id: string) => void deleted.push(id)),
  } as unknown as VenueRepository;
  const sections = {
    findByVenue: jest.fn(async () => [{ id: SECTION, venueId: VENUE }]),
  } as unknown as SectionRepository;
  const staff = { findByVenue: jest.fn(async () => []) } as unknown as StaffRepository;
  const bookings = { hasUpcoming: jest.fn(async () => opts.upcoming ?? false) } as unknown as VenueBookingRepository;
  const published: string[] = [];
  const outbox = {
    add: jest.fn(async (_m: EntityManager, type: string, key: string) => void published.push(`${type}:${key}`)),
  } as unknown as Outbox;
  const cache = { invalidate: jest.fn(async () => undefined) } as unknown as PublicVenueCache;
  const ds = { transaction: (fn: (m: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  const service = new VenueService(ds, venues, outbox, cache, new VenueAccess(venues), sections, staff, bookings);
  return { service, deleted, saved, published, bookings, cache };
}

describe('VenueService.remove', () => {
  it('refuses with 409 while upcoming bookings take the venue, deleting and publishing nothing', async () => {
    const { service, deleted, published, bookings } = setup({ upcoming: true });
    await expect(service.remove(owner, VENUE)).rejects.toMatchObject({
      status: 409,
      code: VENUE_ERRORS.HAS_UPCOMING_BOOKINGS.code,
      message: VENUE_ERRORS.HAS_UPCOMING_BOOKINGS.message,
    });
    expect(bookings.hasUpcoming).toHaveBeenCalledWith(m, { venueId: VENUE });
    expect([deleted, published]).toEqual([[], []]);
  });

  it('deletes a venue without upcoming bookings, ending each section by its event, and refreshes the public lists', async () => {
    const { service, deleted, published, cache } = setup();
    await service.remove(owner, VENUE);
    expect(deleted).toEqual([VENUE]);
    expect(published).toEqual([`venues.section-removed:${SECTION}`, `venues.venue-deleted:${VENUE}`]);
    expect(cache.invalidate).toHaveBeenCalled();
  });

  it('refuses another owner (403), a member who owns no venues (403) and an unknown venue (404)', async () => {
    const { service, deleted } = setup();
    await expect(service.remove(otherOwner, VENUE)).rejects.toMatchObject({
      status: 403,
      code: VENUE_ERRORS.NOT_OWNER.code,
    });
    await expect(service.remove(member, VENUE)).rejects.toMatchObject({
      status: 403,
      code: AUTH_ERRORS.FORBIDDEN.code,
    });
    await expect(service.remove(owner, SECTION)).rejects.toMatchObject({
      status: 404,
      code: VENUE_ERRORS.NOT_FOUND.code,
    });
    expect(deleted).toEqual([]);
  });
});

describe('VenueService approval', () => {
  it("applies the admin's decision only while the venue is pending (a late or repeated one changes nothing)", async () => {
    const pending = setup({ venue: { approvalStatus: 'pending' } });
    await pending.service.applyApproval(m, VENUE, 'approved');
    expect(pending.saved.map((v) => v.approvalStatus)).toEqual(['approved']);
    expect(pending.published).toEqual([`venues.venue-approved:${VENUE}`]);
    const decided = setup({ venue: { approvalStatus: 'rejected' } });
    await decided.service.applyApproval(m, VENUE, 'approved');
    expect([decided.saved, decided.published]).toEqual([[], []]);
  });

  it('shows a venue that is not approved only to its owner (404 for anyone else)', async () => {
    const { service } = setup({ venue: { approvalStatus: 'pending' } });
    await expect(service.get(member, VENUE)).rejects.toMatchObject({ status: 404, code: VENUE_ERRORS.NOT_FOUND.code });
    expect(await service.get(owner, VENUE)).toMatchObject({ id: VENUE, approvalStatus: 'pending' });
  });
});
