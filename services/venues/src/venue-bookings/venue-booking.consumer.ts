import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { VenueBookingRepository } from './venue-booking.repository';

/**
 * Keeps which venues, sections and dancers have bookings and when (inbox key `venues.bookings`):
 * confirmed ones, and holds until bookings releases them (its `booking-cancelled`, also for an
 * expired hold: bookings may extend a hold, so its expiry is not guessed here). Each handler is one
 * statement (`oneStatement`).
 */
@EventConsumer('bookings')
export class VenueBookingConsumer {
  constructor(private readonly bookings: VenueBookingRepository) {}

  @OnEvent('bookings.booking-held', { oneStatement: true })
  async held(e: EventOf<'bookings.booking-held'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    // A hold published before it carried its start cannot hold anything back: nothing to keep.
    if (!d.startsAt) return;
    await this.bookings.keep(tx, { ...d, startsAt: d.startsAt }, 'held');
  }

  @OnEvent('bookings.booking-confirmed', { oneStatement: true })
  confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager): Promise<void> {
    return this.bookings.keep(tx, e.data, 'confirmed');
  }

  @OnEvent('bookings.booking-cancelled', { oneStatement: true })
  cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager): Promise<void> {
    return this.bookings.release(tx, e.data.bookingId);
  }
}
