import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AttendeeRepository } from './attendee.repository';

/**
 * The guests approved to bookings, kept from social's events (inbox key `bookings.attendees`):
 * an approved join request, or an accepted invite to a booking (an invite without a booking is
 * no place at one).
 */
@EventConsumer('attendees')
export class AttendeeConsumer {
  constructor(private readonly attendees: AttendeeRepository) {}

  @OnEvent('social.join-request-approved')
  approved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    return this.attendees.add(tx, e.data.bookingId, e.data.guestId);
  }

  @OnEvent('social.invite-accepted')
  async accepted(e: EventOf<'social.invite-accepted'>, tx: EntityManager) {
    if (e.data.bookingId) await this.attendees.add(tx, e.data.bookingId, e.data.guestId);
  }
}
