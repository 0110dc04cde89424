import { describe, expect, it } from '@jest/globals';
import {
  BOOKING_TRANSITIONS,
  canMove,
  moveTo,
  REFUND_RULE,
  refundOnCancel,
  type BookingStatus,
} from './booking-lifecycle';

const HOUR = 3_600_000;
const at = new Date('2026-06-01T12:00:00Z');
const paid = (dollars: string, hoursAhead: number) => ({
  amountPaid: dollars,
  startsAt: new Date(at.getTime() + hoursAhead * HOUR),
  cancellationPolicy: 'moderate' as const,
});

describe('the booking lifecycle', () => {
  it('ends in cancelled or completed, and nothing leaves them', () => {
    expect(BOOKING_TRANSITIONS.cancelled).toEqual([]);
    expect(BOOKING_TRANSITIONS.completed).toEqual([]);
    for (const from of Object.keys(BOOKING_TRANSITIONS) as BookingStatus[]) expect(canMove(from, 'held')).toBe(false);
  });

  it('moves along the table and refuses any other move', () => {
    const b = { id: 'b1', status: 'held' as BookingStatus };
    moveTo(b, 'expired');
    moveTo(b, 'confirmed'); // paid late, the slot still free
    moveTo(b, 'cancelled');
    expect(b.status).toBe('cancelled');
    expect(() => moveTo(b, 'confirmed')).toThrow('booking b1: no transition from cancelled to confirmed');
    expect(() => moveTo({ id: 'b2', status: 'completed' }, 'cancelled')).toThrow(/no transition/);
  });

  it("gives back everything paid when the booking's end is not the host's doing", () => {
    expect(refundOnCancel('venue-deleted', paid('2000.00', 1), at)).toEqual({ cents: 200_000, percent: 100 });
  });

  it("applies the booking's schedule when the host cancels or deletes his account", () => {
    // moderate: 100 % from 120 h before, 50 % from 48 h, then nothing (libs/contracts cancellation.ts).
    for (const reason of ['cancelled-by-host', 'host-deleted'] as const) {
      expect(refundOnCancel(reason, paid('2000.00', 130), at)).toEqual({ cents: 200_000, percent: 100 });
      expect(refundOnCancel(reason, paid('2000.00', 72), at)).toEqual({ cents: 100_000, percent: 50 });
      expect(refundOnCancel(reason, paid('2000.00', 30), at)).toEqual({ cents: 0, percent: 0 });
    }
  });

  it('has a rule for every cancellation reason of the event schema, and nothing to give back for an unpaid hold', () => {
    expect(Object.keys(REFUND_RULE).sort()).toEqual([
      'cancelled-by-host',
      'hold-expired',
      'host-deleted',
      'payment-failed',
      'venue-deleted',
    ]);
    expect(refundOnCancel('hold-expired', paid('0', 1), at)).toEqual({ cents: 0, percent: 100 });
  });
});
