import { describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { parseEventData, streamOf } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import { publishCancellation } from './cancellation-events';

describe('publishCancellation', () => {
  it("writes booking-cancelled on the booking's stream and refund-requested on the refund stream, same key and data, in the caller's transaction", async () => {
    const add = jest.fn(async () => ({}));
    const m = {} as EntityManager;
    const data = {
      bookingId: '5f0c6f8e-3a4b-4c2d-9e1f-0a1b2c3d4e5f',
      reason: 'cancelled-by-host' as const,
      refundAmount: 150000,
      refundPercent: 75,
    };
    await publishCancellation({ add } as unknown as Outbox, m, data);
    expect(add.mock.calls).toEqual([
      [m, 'bookings.booking-cancelled', data.bookingId, data],
      [m, 'bookings.refund-requested', data.bookingId, data],
    ]);
    // Two streams: payments reads the second alone; both contracts take the same data.
    expect([streamOf('bookings.booking-cancelled'), streamOf('bookings.refund-requested')]).toEqual([
      'bookings.booking',
      'bookings.refund',
    ]);
    expect(parseEventData('bookings.refund-requested', data)).toEqual(
      parseEventData('bookings.booking-cancelled', data),
    );
  });
});
