import { describe, expect, it } from '@jest/globals';
import { BOOKING_TIME_ZONE, bookingWindow } from './bookings';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_SCHEDULES,
  CANCELLATION_TIME_ZONE,
  cancellationScheduleLines,
  describeCancellationPolicy,
  formatCancellationSchedule,
  NON_REFUNDABLE_LINE,
  refundCents,
  refundDeadlines,
  refundPercentAt,
  toCancellationPolicy,
} from './cancellation';
import { venueInputSchema } from './venues';

const H = 3_600_000;
const start = new Date('2026-12-18T23:00:00Z'); // Fri Dec 18 2026, 6:00 PM EST
const at = (msBefore: number) => new Date(start.getTime() - msBefore);

describe('refund schedules', () => {
  it('every policy pays in full far ahead and nothing once started', () => {
    for (const p of CANCELLATION_POLICIES) {
      expect(refundPercentAt(p, start, at(400 * H))).toBe(100);
      expect(refundPercentAt(p, start, start)).toBe(0);
      expect(refundPercentAt(p, start, at(-1))).toBe(0);
      expect(refundPercentAt(p, start, at(1))).toBe(0);
    }
  });

  // [policy, band edge in hours, percent from the edge on, percent one ms after it]
  const edges: [string, number, number, number][] = [
    ['flexible', 24, 100, 0],
    ['moderate', 120, 100, 50],
    ['moderate', 48, 50, 0],
    ['strict', 336, 100, 50],
    ['strict', 168, 50, 0],
  ];
  it.each(edges)(
    '%s: exactly %i h before still counts; 1 ms earlier too; 1 ms later is the next band',
    (policy, hours, inside, after) => {
      const p = toCancellationPolicy(policy);
      expect(refundPercentAt(p, start, at(hours * H))).toBe(inside);
      expect(refundPercentAt(p, start, at(hours * H + 1))).toBe(inside);
      expect(refundPercentAt(p, start, at(hours * H - 1))).toBe(after);
    },
  );

  it('the bands are ordered and cover only the documented percentages', () => {
    for (const p of CANCELLATION_POLICIES) {
      const bands = CANCELLATION_SCHEDULES[p];
      for (let i = 1; i < bands.length; i++) expect(bands[i].minHoursBefore).toBeLessThan(bands[i - 1].minHoursBefore);
      expect(bands.every((b) => [50, 100].includes(b.refundPercent))).toBe(true);
    }
  });

  it('refunds whole cents, rounded down, never more than was paid', () => {
    expect(refundCents(320000, 100)).toBe(320000);
    expect(refundCents(320000, 50)).toBe(160000);
    expect(refundCents(333, 50)).toBe(166);
    expect(refundCents(0, 100)).toBe(0);
    expect(refundCents(500, 0)).toBe(0);
  });

  it('reads legacy free text: flexible or strict when it says so, else moderate', () => {
    expect(toCancellationPolicy('Flexible: full refund up to 24 hours before')).toBe('flexible');
    expect(toCancellationPolicy('Strict. Deposits are non-refundable.')).toBe('strict');
    expect(toCancellationPolicy('50% refund up to 7 days before')).toBe('moderate');
    expect(toCancellationPolicy(null)).toBe('moderate');
    expect(toCancellationPolicy('strict')).toBe('strict');
  });

  it('the venue input accepts only the three policies, moderate by default', () => {
    const base = {
      name: 'A',
      type: 'club',
      city: 'Miami',
      state: 'Florida',
      address: '1 St',
      capacity: 10,
      pricePerHour: 100,
    };
    expect(venueInputSchema.parse(base).cancellationPolicy).toBe('moderate');
    expect(venueInputSchema.parse({ ...base, cancellationPolicy: 'strict' }).cancellationPolicy).toBe('strict');
    const bad = venueInputSchema.safeParse({ ...base, cancellationPolicy: 'whenever' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Cancellation policy must be flexible, moderate or strict');
  });
});

describe('the schedule in words, America/New_York', () => {
  it('uses the booking time zone', () => {
    expect(CANCELLATION_TIME_ZONE).toBe(BOOKING_TIME_ZONE);
  });

  it('moderate for a Friday 6:00 PM start', () => {
    const s = bookingWindow('2026-12-18', '18:00', 3).startsAt;
    expect(formatCancellationSchedule('moderate', s)).toBe(
      'Cancel before Sun, Dec 13, 6:00 PM EST: full refund; before Wed, Dec 16, 6:00 PM EST: 50% refund; after: no refund.',
    );
    const booked = new Date('2026-11-01T12:00:00Z');
    expect(cancellationScheduleLines('moderate', s, booked)).toEqual([
      { when: 'Cancel before Sun, Dec 13, 6:00 PM EST', refund: 'full refund', refundPercent: 100 },
      { when: 'Cancel before Wed, Dec 16, 6:00 PM EST', refund: '50% refund', refundPercent: 50 },
      { when: 'After that', refund: 'no refund', refundPercent: 0 },
    ]);
  });

  it('offers only the deadlines still ahead; the first line is what cancelling now refunds (the server’s rule)', () => {
    const s = bookingWindow('2026-12-18', '18:00', 3).startsAt; // Fri Dec 18, 6:00 PM EST
    const hoursAhead = (hoursBefore: number) => new Date(s.getTime() - hoursBefore * H);
    // 3 days ahead: the full-refund deadline (5 days) has passed.
    expect(cancellationScheduleLines('moderate', s, hoursAhead(72))).toEqual([
      { when: 'Cancel before Wed, Dec 16, 6:00 PM EST', refund: '50% refund', refundPercent: 50 },
      { when: 'After that', refund: 'no refund', refundPercent: 0 },
    ]);
    // Exactly at a deadline it still counts, as refundPercentAt decides.
    expect(cancellationScheduleLines('moderate', s, hoursAhead(48))[0]).toMatchObject({ refundPercent: 50 });
    // Tonight: every deadline has passed, the booking is non-refundable.
    for (const policy of ['flexible', 'moderate', 'strict'] as const)
      expect(cancellationScheduleLines(policy, s, hoursAhead(3))).toEqual([NON_REFUNDABLE_LINE]);
    expect(NON_REFUNDABLE_LINE).toEqual({
      when: 'Refund deadlines have passed: non-refundable',
      refund: 'no refund',
      refundPercent: 0,
    });
    for (const policy of ['flexible', 'moderate', 'strict'] as const)
      for (const h of [400, 336, 200, 168, 100, 48, 30, 24, 10, 0.5])
        expect([policy, h, cancellationScheduleLines(policy, s, hoursAhead(h))[0]!.refundPercent]).toEqual([
          policy,
          h,
          refundPercentAt(policy, s, hoursAhead(h)),
        ]);
  });

  it('flexible for an after-midnight start (the night of the date, the next calendar day)', () => {
    const s = bookingWindow('2026-12-18', '01:00', 2).startsAt; // Sat Dec 19, 1:00 AM
    expect(formatCancellationSchedule('flexible', s)).toBe(
      'Cancel before Fri, Dec 18, 1:00 AM EST: full refund; after: no refund.',
    );
  });

  it('a deadline across the end of daylight saving time is exact hours before the start, so the clock time moves', () => {
    // Mon Nov 2 2026, 6:00 PM EST; DST ended Sun Nov 1 at 2:00 AM. 48 h before is Sat Oct 31, 7:00 PM EDT.
    const s = bookingWindow('2026-11-02', '18:00', 2).startsAt;
    expect(s.toISOString()).toBe('2026-11-02T23:00:00.000Z');
    expect(refundDeadlines('moderate', s).map((d) => d.before.toISOString())).toEqual([
      '2026-10-28T23:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ]);
    expect(formatCancellationSchedule('moderate', s)).toBe(
      'Cancel before Wed, Oct 28, 7:00 PM EST: full refund; before Sat, Oct 31, 7:00 PM EST: 50% refund; after: no refund.',
    );
    // And into daylight saving time (Sun Mar 8 2026): 7 days before Fri Mar 13, 6:00 PM EDT is Fri Mar 6, 5:00 PM EST.
    const spring = bookingWindow('2026-03-13', '18:00', 2).startsAt;
    expect(formatCancellationSchedule('strict', spring)).toBe(
      'Cancel before Fri, Feb 27, 5:00 PM EST: full refund; before Fri, Mar 6, 5:00 PM EST: 50% refund; after: no refund.',
    );
  });

  it('describes each policy without a date', () => {
    expect(describeCancellationPolicy('flexible')).toBe(
      'Full refund up to 24 hours before the start; no refund after.',
    );
    expect(describeCancellationPolicy('moderate')).toBe(
      'Full refund up to 5 days before the start; 50% refund up to 48 hours before; no refund after.',
    );
    expect(describeCancellationPolicy('strict')).toBe(
      'Full refund up to 14 days before the start; 50% refund up to 7 days before; no refund after.',
    );
  });
});
