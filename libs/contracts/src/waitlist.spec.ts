import { describe, expect, it } from '@jest/globals';
import {
  freePlaces,
  guestLimitInputSchema,
  maxGuestLimit,
  nextToPromote,
  placesLimit,
  waitlistPromotedMessage,
} from './waitlist';

const r = (id: string, at: string | null) => ({ id, waitlistedAt: at ? new Date(at) : null });

describe('waitlist promotion order', () => {
  const waitlist = [
    r('c', '2099-01-01T10:00:03Z'),
    r('a', '2099-01-01T10:00:01Z'),
    r('d', null),
    r('b', '2099-01-01T10:00:02Z'),
  ];

  it('promotes the earliest waitlisted first, as many as places are free', () => {
    expect(nextToPromote(waitlist, 1).map((x) => x.id)).toEqual(['a']);
    expect(nextToPromote(waitlist, 2).map((x) => x.id)).toEqual(['a', 'b']);
    expect(nextToPromote(waitlist, 10).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('promotes nobody when no place is free, whatever the count says', () => {
    expect(nextToPromote(waitlist, 0)).toEqual([]);
    expect(nextToPromote(waitlist, -3)).toEqual([]);
  });

  it('breaks ties of one instant by id, and leaves the given list as it was', () => {
    const same = [r('y', '2099-01-01T10:00:00Z'), r('x', '2099-01-01T10:00:00Z')];
    expect(nextToPromote(same, 1).map((x) => x.id)).toEqual(['x']);
    expect(same.map((x) => x.id)).toEqual(['y', 'x']);
  });

  it('counts free places under the limit; no limit lets every waitlisted guest in; over the limit none', () => {
    expect(freePlaces(5, 3, 4)).toBe(2);
    expect(freePlaces(5, 5, 4)).toBe(0);
    expect(freePlaces(5, 7, 4)).toBe(0);
    expect(freePlaces(null, 40, 4)).toBe(4);
  });

  it('bounds the limit by the capacity less the host and his friends', () => {
    expect(maxGuestLimit(8, 0)).toBe(7);
    expect(maxGuestLimit(8, 3)).toBe(4);
    expect(maxGuestLimit(2, 5)).toBe(0);
    expect(maxGuestLimit(null, 2)).toBeNull();
  });

  it("bounds the list by the host's limit, else by the section's places, else not at all", () => {
    expect(placesLimit({ guestLimit: 3, capacity: 8, friendsCount: 0 })).toBe(3);
    expect(placesLimit({ guestLimit: null, capacity: 8, friendsCount: 2 })).toBe(5);
    expect(placesLimit({ guestLimit: null, capacity: null, friendsCount: 2 })).toBeNull();
  });

  it('accepts a whole limit of at least 1 or null, with one message otherwise', () => {
    expect(guestLimitInputSchema.parse({ guestLimit: 3 })).toEqual({ guestLimit: 3 });
    expect(guestLimitInputSchema.parse({ guestLimit: null })).toEqual({ guestLimit: null });
    for (const bad of [0, -1, 2.5, '3']) {
      const p = guestLimitInputSchema.safeParse({ guestLimit: bad });
      expect(p.success ? null : p.error.issues[0].message).toBe('Guest limit must be a whole number of at least 1');
    }
  });

  it("tells the promoted guest the event's venue and night", () => {
    expect(waitlistPromotedMessage('Velvet', '2099-06-06')).toBe(
      "Good news: a spot opened up — you're now on the guest list for Velvet on Saturday, Jun 06, 2099.",
    );
  });
});
