import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { VenueBookingEntity } from './venue-booking.entity';

/** Keeps which venues have confirmed bookings and when (inbox key `venues.bookings`); each handler is one statement (`oneStatement`). */
@EventConsumer('bookings')
export class VenueBookingConsumer {
  @OnEvent('bookings.booking-confirmed', { oneStatement: true })
  async confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager): Promise<void> {
    await tx.upsert(VenueBookingEntity, { bookingId: e.data.bookingId, venueId: e.data.venueId, startsAt: new Date(e.data.startsAt) }, ['bookingId']);
  }

  @OnEvent('bookings.booking-cancelled', { oneStatement: true })
  async cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager): Promise<void> {
    await tx.delete(VenueBookingEntity, { bookingId: e.data.bookingId });
  }
}
