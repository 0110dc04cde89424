import { describe, expect, it } from 'vitest';
import { inviteWhen } from './display';

describe('when a received invite is for (New York time)', () => {
  it("shows the event's own day and start time, never a fixed 'Tonight 10:00 PM'", () => {
    expect(inviteWhen({ eventDate: '2099-08-01', eventTime: '22:00' })).toBe('Sat, Aug 1, 2099 · 10:00 PM EST');
    // A start after midnight belongs to the night of its date, as everywhere in the app.
    expect(inviteWhen({ eventDate: '2099-08-01', eventTime: '01:00' })).toBe('Sat, Aug 1, 2099 · 1:00 AM EST');
  });

  it('shows the day alone when the invite names only a day, and the moment of a dated time', () => {
    expect(inviteWhen({ eventDate: '2026-11-26', eventTime: null })).toBe('Thu, Nov 26, 2026');
    expect(inviteWhen({ eventDate: '2099-06-07T02:30:00Z', eventTime: null })).toBe('Sat, Jun 6, 2099 · 10:30 PM EST');
  });
});
