import { describe, expect, it } from '@jest/globals';
import { splitDeadline, splitInputSchema, splitShareAmounts } from './split';

describe('split share amounts', () => {
  it.each([
    [10000, 2, [5000, 5000]],
    [10000, 3, [3334, 3333, 3333]],
    [62500, 4, [15625, 15625, 15625, 15625]],
    [320000, 3, [106668, 106666, 106666]],
    [101, 10, [11, 10, 10, 10, 10, 10, 10, 10, 10, 10]],
    [7, 3, [3, 2, 2]],
    [99999, 7, [14289, 14285, 14285, 14285, 14285, 14285, 14285]],
  ])('%i cents among %i: equal cents, the remainder on the host share', (total, count, expected) => {
    const shares = splitShareAmounts(total, count);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('adds up exactly and differs by less than the count for many totals and counts', () => {
    for (let total = 0; total <= 5000; total += 37) {
      for (let count = 2; count <= 10; count++) {
        const shares = splitShareAmounts(total, count);
        expect(shares).toHaveLength(count);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
        const guests = shares.slice(1);
        expect(new Set(guests).size).toBe(1);
        expect(shares[0]! - guests[0]!).toBeGreaterThanOrEqual(0);
        expect(shares[0]! - guests[0]!).toBeLessThan(count);
      }
    }
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => splitShareAmounts(10.5, 2)).toThrow();
    expect(() => splitShareAmounts(100, 0)).toThrow();
  });
});

describe('split input and deadline', () => {
  it('takes 2 to 10 people and a known fallback', () => {
    expect(splitInputSchema.safeParse({ shares: 2, fallback: 'release' }).success).toBe(true);
    expect(splitInputSchema.safeParse({ shares: 10, fallback: 'host-card' }).success).toBe(true);
    for (const shares of [1, 11, 2.5, '3', null]) {
      const r = splitInputSchema.safeParse({ shares, fallback: 'release' });
      expect(r.success ? null : r.error.issues[0]?.message).toBe('Split the payment between 2 and 10 people');
    }
    const r = splitInputSchema.safeParse({ shares: 3, fallback: 'later' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe('Choose what happens to unpaid shares at the deadline');
  });

  it('is 24 h away, or 2 h before the start when sooner, and none when less than 1 h away', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(splitDeadline(now, new Date('2026-06-05T12:00:00Z'))?.toISOString()).toBe('2026-06-02T12:00:00.000Z');
    expect(splitDeadline(now, new Date('2026-06-01T20:00:00Z'))?.toISOString()).toBe('2026-06-01T18:00:00.000Z');
    expect(splitDeadline(now, new Date('2026-06-01T15:00:00Z'))?.toISOString()).toBe('2026-06-01T13:00:00.000Z');
    expect(splitDeadline(now, new Date('2026-06-01T14:59:00Z'))).toBeNull();
  });
});
