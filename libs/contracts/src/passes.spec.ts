import { describe, expect, it } from '@jest/globals';
import { alreadyCheckedInMessage, checkInInputSchema, formatPassCode, nightOf, normalizePassCode } from './passes';

describe('nightOf (the night a door scan belongs to, New York)', () => {
  it('an evening is that date’s night; until 05:59 the next morning it is still the same night; from 06:00 the new day', () => {
    // November: EST, UTC−5.
    expect(nightOf(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-22'); // 18:00
    expect(nightOf(new Date('2026-11-23T04:59:59Z'))).toBe('2026-11-22'); // 23:59:59
    expect(nightOf(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22'); // 00:00 on the 23rd
    expect(nightOf(new Date('2026-11-23T10:59:59Z'))).toBe('2026-11-22'); // 05:59:59
    expect(nightOf(new Date('2026-11-23T11:00:00Z'))).toBe('2026-11-23'); // 06:00
  });

  it('in summer time (EDT, UTC−4) the boundary is at 10:00Z', () => {
    expect(nightOf(new Date('2026-07-16T09:59:59Z'))).toBe('2026-07-15');
    expect(nightOf(new Date('2026-07-16T10:00:00Z'))).toBe('2026-07-16');
  });

  it('across a month and a year end, and on the nights the clocks change', () => {
    expect(nightOf(new Date('2027-01-01T08:00:00Z'))).toBe('2026-12-31'); // 03:00 on Jan 1
    expect(nightOf(new Date('2026-03-01T07:00:00Z'))).toBe('2026-02-28'); // 02:00 on Mar 1
    // 2026-03-08: clocks go forward at 02:00 EST → 03:00 EDT; 05:59 EDT is 09:59Z.
    expect(nightOf(new Date('2026-03-08T09:59:00Z'))).toBe('2026-03-07');
    expect(nightOf(new Date('2026-03-08T10:00:00Z'))).toBe('2026-03-08');
    // 2026-11-01: clocks go back at 02:00 EDT → 01:00 EST; 05:59 EST is 10:59Z.
    expect(nightOf(new Date('2026-11-01T10:59:00Z'))).toBe('2026-10-31');
    expect(nightOf(new Date('2026-11-01T11:00:00Z'))).toBe('2026-11-01');
  });
});

describe('door codes and check-in input', () => {
  it('typed codes are read in capitals without spaces or dashes; shown in two groups', () => {
    expect(normalizePassCode(' hk4m-7qtx ')).toBe('HK4M7QTX');
    expect(normalizePassCode('HK4M 7QTX')).toBe('HK4M7QTX');
    expect(formatPassCode('HK4M7QTX')).toBe('HK4M-7QTX');
  });

  it('a check-in needs a venue and a code or a token', () => {
    const venueId = '7d0f3b0e-7a57-4c57-9d5e-6f5e8a1c2b3d';
    expect(checkInInputSchema.safeParse({ venueId, code: 'HK4M7QTX' }).success).toBe(true);
    expect(checkInInputSchema.safeParse({ venueId }).error?.issues[0]?.message).toBe(
      'Type the pass code or scan the QR code',
    );
    expect(checkInInputSchema.safeParse({ code: 'HK4M7QTX' }).error?.issues[0]?.message).toBe('Choose a venue');
  });

  it('says when a pass was already used, in New York time', () => {
    expect(alreadyCheckedInMessage('2026-11-23T03:42:00Z')).toBe('Already checked in at 10:42 PM');
  });
});
