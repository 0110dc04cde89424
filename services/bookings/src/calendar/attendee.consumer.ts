import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AttendeeRepository } from './attendee.repository';

/**
 * The guests approved to bookings, kept from social's events (inbox key `bookings.attendees`):
 * an approved join request, or an accepted invite to a booking (an invite without a booking is
 * no place at one). A guest who left or was removed
 * (docs/product.md#social-guest-list) through a request is dropped unless
 * another request or an accepted invite still admits him: each row keeps what admits it, so the
 * events of different requests and invites (different streams, no order between them) may arrive
 * in any order.
 */
@EventConsumer('attendees')
export class AttendeeConsumer {
  constructor(private readonly attendees: AttendeeRepository) {}

  @OnEvent('social.join-request-approved')
  approved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    return this.attendees.add(tx, e.data.bookingId, e.data.guestId, e.data.requestId);
  }

  /** The guest left or was removed: this request no longer admits him (an invite or another request may). */
  @OnEvent('social.guest-left')
  left(e: EventOf<'social.guest-left'>, tx: EntityManager) {
    return this.attendees.remove(tx, e.data.bookingId, e.data.guestId, e.data.requestId);
  }

  @OnEvent('social.guest-removed')
  removed(e: EventOf<'social.guest-removed'>, tx: EntityManager) {
    return this.attendees.remove(tx, e.data.bookingId, e.data.guestId, e.data.requestId);
  }

  @OnEvent('social.invite-accepted')
  async accepted(e: EventOf<'social.invite-accepted'>, tx: EntityManager) {
    if (e.data.bookingId) await this.attendees.add(tx, e.data.bookingId, e.data.guestId, e.data.inviteId);
  }
}
