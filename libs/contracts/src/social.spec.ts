import { describe, expect, it } from '@jest/globals';
import { INVITE_MESSAGES, inviteInputSchema, isPastInviteDate } from './social';

describe('invite dates', () => {
  // Thu Nov 26 2026, 11:30 PM in New York (already Nov 27 in UTC).
  const now = new Date('2026-11-27T04:30:00Z');

  it('today in New York is valid all day; the day before is past, whatever UTC says', () => {
    expect(isPastInviteDate('2026-11-26', now)).toBe(false);
    expect(isPastInviteDate('2026-11-27', now)).toBe(false);
    expect(isPastInviteDate('2026-11-25', now)).toBe(true);
    expect(isPastInviteDate('2020-01-01', now)).toBe(true);
  });

  it('a dated moment is past once it has gone by', () => {
    expect(isPastInviteDate('2026-11-27T04:00:00Z', now)).toBe(true);
    expect(isPastInviteDate('2026-11-26T23:45:00-05:00', now)).toBe(false);
  });

  it('the schema refuses a past date with its message, and a date that is not one with the other', () => {
    const base = { guestId: '6f1c1d39-3a4f-4a49-8d8e-7d1f7c0f6f7e', eventTitle: 'Night out' };
    const message = (eventDate: string) =>
      inviteInputSchema.safeParse({ ...base, eventDate }).error?.issues[0]?.message;
    expect(message('2020-01-01')).toBe(INVITE_MESSAGES.pastDate);
    expect(INVITE_MESSAGES.pastDate).toBe('The event date cannot be earlier than today');
    expect(message('tonight')).toBe(INVITE_MESSAGES.eventDate);
    expect(message('2999-01-01')).toBeUndefined();
  });
});
