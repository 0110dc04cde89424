import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDateTimeEst,
  formatDollars,
  formatHours,
  formatInEst,
  formatLongDate,
  formatPricePerHour,
  formatTimeEst,
  formatWholeDollars,
  LONG_DATE_FORMAT,
  SHORT_DATE_FORMAT,
} from './format';

describe('formatting', () => {
  it('shows times in America/New_York whatever the machine zone', () => {
    // 02:30 UTC on 15 Jan is 9:30 PM the previous evening in New York (EST, UTC-5).
    expect(formatTimeEst('2025-01-15T02:30:00Z')).toBe('9:30 PM EST');
    expect(formatInEst('2025-01-15T02:30:00Z', LONG_DATE_FORMAT)).toBe('Tuesday, Jan 14, 2025');
    // Summer: UTC-4.
    expect(formatInEst('2025-07-04T16:00:00Z', `${SHORT_DATE_FORMAT} h:mm a`)).toBe('Jul 04, 2025 12:00 PM');
    expect(formatDateTimeEst('2026-11-22T23:57:00.000Z')).toBe('Nov 22, 2026 6:57 PM EST');
  });

  it('booking totals in whole dollars, prices per hour', () => {
    expect(formatWholeDollars(1499.6)).toBe('$1,500');
    expect(formatWholeDollars('250')).toBe('$250');
    expect(formatPricePerHour(1500)).toBe('$1,500/hr');
    expect(formatPricePerHour('99.5')).toBe('$99.50/hr');
  });

  it('payment amounts with cents, clock times in 12 hours, long US dates, hours', () => {
    expect(formatDollars(2500)).toBe('$2,500.00');
    expect(formatDollars('1234.5')).toBe('$1,234.50');
    expect(['18:00', '23:00', '00:00', '02:00'].map(formatClockTime)).toEqual([
      '6:00 PM',
      '11:00 PM',
      '12:00 AM',
      '2:00 AM',
    ]);
    expect(formatLongDate('2026-11-22')).toBe('Sunday, November 22, 2026');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(4)).toBe('4 hours');
  });
});
