import 'reflect-metadata';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Outbox } from '@luxe/platform/events';
import type { EventCard } from '../catalog/catalog.entity';
import type { JoinRequestEntity } from '../join-requests/join-request.entity';
import type { JoinRequestRepository } from '../join-requests/join-request.repository';
import type { JoinRequestService } from '../join-requests/join-request.service';
import type { SafetyRepository } from '../safety/safety.repository';
import { GuestListService } from './guest-list.service';

const BOOKING = '11111111-1111-4111-8111-111111111111';
const HOST = '22222222-2222-4222-8222-222222222222';
const m = {} as EntityManager;

function waitlisted(id: string, at: string): JoinRequestEntity {
  return {
    id,
    guestId: `guest-${id}`,
    hostId: HOST,
    bookingId: BOOKING,
    status: 'waitlisted',
    message: null,
    createdAt: new Date(at),
    decidedAt: null,
    waitlistedAt: new Date(at),
    endedAt: null,
  };
}

/**
 * The service over a mocked repository (an event with `limit`, `going` guests counted, the waitlist
 * given), member directory (the guests blocked with the host) and outbox.
 */
function setup(
  limit: number | null,
  going: number,
  waitlist: JoinRequestEntity[],
  event: Partial<EventCard> | null = {},
  blocked: string[] = [],
) {
  const card =
    event &&
    ({
      bookingId: BOOKING,
      hostId: HOST,
      venueName: 'Velvet',
      bookingDate: '2099-06-06',
      startTime: '22:00',
      guestLimit: limit,
      capacity: null,
      friendsCount: 0,
      ...event,
    } as EventCard);
  const saved: string[] = [];
  const requests = {
    lockEvent: jest.fn(async () => card),
    inStatus: jest.fn(async () => waitlist),
    countGoing: jest.fn(async () => going),
    save: jest.fn(async (_m: EntityManager, r: JoinRequestEntity) => {
      saved.push(`${r.id}:${r.status}`);
      return r;
    }),
  } as unknown as JoinRequestRepository;
  const published: { type: string; key: string; data: Record<string, unknown> }[] = [];
  const outbox = {
    add: jest.fn(
      async (_m: EntityManager, type: string, key: string, data: Record<string, unknown>) =>
        void published.push({ type, key, data }),
    ),
  } as unknown as Outbox;
  const safety = { blockedWith: jest.fn(async () => new Set(blocked)) } as unknown as SafetyRepository;
  const service = new GuestListService({} as DataSource, requests, {} as JoinRequestService, outbox, safety);
  return { service, saved, published, requests };
}

describe('GuestListService.promote (the waitlist consumer)', () => {
  // Given out of order: the waitlist is promoted by the time each was waitlisted.
  const list = () => [
    waitlisted('c', '2099-01-01T10:00:03Z'),
    waitlisted('a', '2099-01-01T10:00:01Z'),
    waitlisted('b', '2099-01-01T10:00:02Z'),
  ];

  it('fills the free places with the first waitlisted, in order, each approved then told (approved + waitlist-promoted)', async () => {
    const { service, saved, published } = setup(4, 2, list());
    const promoted = await service.promote(m, BOOKING);
    expect(promoted.map((r) => r.id)).toEqual(['a', 'b']);
    expect(saved).toEqual(['a:approved', 'b:approved']);
    expect(published.map((p) => `${p.type}:${p.key}`)).toEqual([
      'social.join-request-approved:a',
      'social.waitlist-promoted:a',
      'social.join-request-approved:b',
      'social.waitlist-promoted:b',
    ]);
    expect(published[1]!.data).toMatchObject({
      requestId: 'a',
      bookingId: BOOKING,
      guestId: 'guest-a',
      hostId: HOST,
      venueName: 'Velvet',
      bookingDate: '2099-06-06',
    });
  });

  it('promotes nobody when the list is full (a second delivery after the places were filled) or over the limit', async () => {
    for (const going of [3, 5]) {
      const { service, saved, published } = setup(3, going, list());
      expect(await service.promote(m, BOOKING)).toEqual([]);
      expect([saved, published]).toEqual([[], []]);
    }
  });

  it('promotes everyone waiting when the limit is cleared, and nobody for an event that is gone', async () => {
    expect((await setup(null, 9, list()).service.promote(m, BOOKING)).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    const gone = setup(5, 0, list(), null);
    expect(await gone.service.promote(m, BOOKING)).toEqual([]);
    expect(gone.requests.inStatus).not.toHaveBeenCalled();
  });

  it("without a limit, fills only the section's places (capacity less the host and his friends)", async () => {
    // Capacity 6, the host and 2 friends: 3 places, 2 taken: one promoted.
    expect(
      (await setup(null, 2, list(), { capacity: 6, friendsCount: 2 }).service.promote(m, BOOKING)).map((r) => r.id),
    ).toEqual(['a']);
    expect(await setup(null, 3, list(), { capacity: 6, friendsCount: 2 }).service.promote(m, BOOKING)).toEqual([]);
  });

  it('passes over a waitlisted guest blocked with the host (either way): he is not approved, the next one is', async () => {
    const { service, saved } = setup(3, 2, list(), {}, ['guest-a']);
    expect((await service.promote(m, BOOKING)).map((r) => r.id)).toEqual(['b']);
    expect(saved).toEqual(['b:approved']);
  });

  it("locks the event's row before reading the waitlist (locked too) and counting", async () => {
    const { service, requests } = setup(3, 2, list());
    await service.promote(m, BOOKING);
    const order = [requests.lockEvent, requests.inStatus, requests.countGoing].map(
      (f) => (f as jest.Mock).mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((x, y) => x! - y!));
    expect((requests.inStatus as jest.Mock).mock.calls[0]).toEqual([m, BOOKING, 'waitlisted', true]);
  });
});
