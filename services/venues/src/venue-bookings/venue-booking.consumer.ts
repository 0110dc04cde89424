import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { VenueBookingEntity } from './venue-booking.entity';

/**
 * Keeps which venues, sections and dancers have bookings and when (inbox key `venues.bookings`):
 * confirmed ones, and holds until bookings releases them (its `booking-cancelled`, also for an
 * expired hold: bookings may extend a hold, so its expiry is not guessed here). Each handler is one
 * statement (`oneStatement`).
 */
@EventConsumer('bookings')
export class VenueBookingConsumer {
  @OnEvent('bookings.booking-held', { oneStatement: true })
  async held(e: EventOf<'bookings.booking-held'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    // A hold published before it carried its start cannot hold anything back: nothing to keep.
    if (!d.startsAt) return;
    await tx.upsert(
      VenueBookingEntity,
      {
        bookingId: d.bookingId,
        venueId: d.venueId,
        startsAt: new Date(d.startsAt),
        sectionId: d.sectionId ?? null,
        dancerId: d.dancerId ?? null,
        status: 'held',
      },
      ['bookingId'],
    );
  }

  @OnEvent('bookings.booking-confirmed', { oneStatement: true })
  async confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    await tx.upsert(
      VenueBookingEntity,
      {
        bookingId: d.bookingId,
        venueId: d.venueId,
        startsAt: new Date(d.startsAt),
        sectionId: d.sectionId ?? null,
        dancerId: d.dancerId ?? null,
        status: 'confirmed',
      },
      ['bookingId'],
    );
  }

  @OnEvent('bookings.booking-cancelled', { oneStatement: true })
  async cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager): Promise<void> {
    await tx.delete(VenueBookingEntity, { bookingId: e.data.bookingId });
  }
}
