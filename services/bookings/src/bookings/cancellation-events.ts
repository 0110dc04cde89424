import type { EntityManager } from 'typeorm';
import type { EventData } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';

/**
 * A cancellation, published in the caller's transaction twice with the same data:
 * `booking-cancelled` on the booking's stream (social's and venues' read models apply it in order
 * after the confirmation), and `refund-requested` on the refund stream, which payments reads
 * alone: on the booking's stream it would be woken by every confirmation and update only to skip
 * them, and each consumer of a stream adds to the latency of every event on it.
 */
export async function publishCancellation(
  outbox: Outbox,
  m: EntityManager,
  data: EventData<'bookings.booking-cancelled'>,
): Promise<void> {
  await outbox.add(m, 'bookings.booking-cancelled', data.bookingId, data);
  await outbox.add(m, 'bookings.refund-requested', data.bookingId, data);
}
