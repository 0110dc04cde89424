import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AttendeeRepository } from './attendee.repository';

/**
 * The guests approved to bookings, kept from social's events (inbox key `bookings.attendees`):
 * an approved join request, or an accepted invite to a booking (an invite without a booking is
 * no place at one). A guest who left or was removed (issue 12) is dropped.
 */
@EventConsumer('attendees')
export class AttendeeConsumer {
  constructor(private readonly attendees: AttendeeRepository) {}

  @OnEvent('social.join-request-approved')
  approved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    return this.attendees.add(tx, e.data.bookingId, e.data.guestId);
  }

  /** The guest left or was removed (issue 12): no longer a guest of the booking. */
  @OnEvent('social.guest-left')
  left(e: EventOf<'social.guest-left'>, tx: EntityManager) {
    return this.attendees.remove(tx, e.data.bookingId, e.data.guestId);
  }

  @OnEvent('social.guest-removed')
  removed(e: EventOf<'social.guest-removed'>, tx: EntityManager) {
    return this.attendees.remove(tx, e.data.bookingId, e.data.guestId);
  }

  @OnEvent('social.invite-accepted')
  async accepted(e: EventOf<'social.invite-accepted'>, tx: EntityManager) {
    if (e.data.bookingId) await this.attendees.add(tx, e.data.bookingId, e.data.guestId);
  }
}
