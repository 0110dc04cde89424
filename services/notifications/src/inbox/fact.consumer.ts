import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { FactService } from './fact.service';

/**
 * Members' cards (inbox key `notifications.members`): identity's events, in their own group so a
 * member's card and its erasure (erasure.consumer.ts, the same key) follow his aggregate's order.
 */
@EventConsumer('members')
export class MemberConsumer {
  constructor(private readonly facts: FactService) {}

  @OnEvent('identity.user-registered')
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager) {
    return this.facts.memberRegistered(tx, e.data);
  }

  @OnEvent('identity.user-profile-updated')
  updated(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager) {
    return this.facts.memberUpdated(tx, e.data);
  }

  @OnEvent('identity.password-reset-requested')
  passwordReset(e: EventOf<'identity.password-reset-requested'>, tx: EntityManager) {
    return this.facts.passwordResetRequested(tx, e.id, e.data);
  }

  @OnEvent('identity.email-verification-requested')
  emailVerification(e: EventOf<'identity.email-verification-requested'>, tx: EntityManager) {
    return this.facts.emailVerificationRequested(tx, e.id, e.data);
  }
}

/** The facts members are told of, and the booking and venue cards they need (inbox key `notifications.facts`). */
@EventConsumer('facts')
export class FactConsumer {
  constructor(private readonly facts: FactService) {}

  @OnEvent('bookings.booking-held')
  held(e: EventOf<'bookings.booking-held'>, tx: EntityManager) {
    return this.facts.bookingHeld(tx, e.data);
  }

  @OnEvent('bookings.booking-confirmed')
  confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager) {
    return this.facts.bookingConfirmed(tx, e.data);
  }

  @OnEvent('bookings.booking-cancelled')
  cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager) {
    return this.facts.bookingCancelled(tx, e.data);
  }

  @OnEvent('payments.refund-issued')
  refunded(e: EventOf<'payments.refund-issued'>, tx: EntityManager) {
    return this.facts.refundIssued(tx, e.data);
  }

  @OnEvent('social.invite-sent')
  inviteSent(e: EventOf<'social.invite-sent'>, tx: EntityManager) {
    return this.facts.inviteSent(tx, e.data);
  }

  @OnEvent('social.invite-accepted')
  inviteAccepted(e: EventOf<'social.invite-accepted'>, tx: EntityManager) {
    return this.facts.inviteAnswered(tx, e.data, true);
  }

  @OnEvent('social.invite-declined')
  inviteDeclined(e: EventOf<'social.invite-declined'>, tx: EntityManager) {
    return this.facts.inviteAnswered(tx, e.data, false);
  }

  @OnEvent('social.join-request-created')
  requestCreated(e: EventOf<'social.join-request-created'>, tx: EntityManager) {
    return this.facts.joinRequestCreated(tx, e.data);
  }

  @OnEvent('social.join-request-approved')
  requestApproved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    return this.facts.joinRequestAnswered(tx, e.data, true);
  }

  @OnEvent('social.join-request-declined')
  requestDeclined(e: EventOf<'social.join-request-declined'>, tx: EntityManager) {
    return this.facts.joinRequestAnswered(tx, e.data, false);
  }

  @OnEvent('social.guest-removed')
  guestRemoved(e: EventOf<'social.guest-removed'>, tx: EntityManager) {
    return this.facts.guestRemoved(tx, e.data);
  }

  @OnEvent('messaging.conversation-read')
  conversationRead(e: EventOf<'messaging.conversation-read'>, tx: EntityManager) {
    return this.facts.conversationRead(tx, e.data);
  }

  @OnEvent('messaging.message-sent')
  messageSent(e: EventOf<'messaging.message-sent'>, tx: EntityManager) {
    return this.facts.messageSent(tx, e.data);
  }

  @OnEvent('venues.venue-created')
  venueCreated(e: EventOf<'venues.venue-created'>, tx: EntityManager) {
    return this.facts.venueChanged(tx, e.data);
  }

  @OnEvent('venues.venue-updated')
  venueUpdated(e: EventOf<'venues.venue-updated'>, tx: EntityManager) {
    return this.facts.venueChanged(tx, e.data);
  }

  @OnEvent('venues.venue-deleted')
  venueDeleted(e: EventOf<'venues.venue-deleted'>, tx: EntityManager) {
    return this.facts.venueDeleted(tx, e.data.venueId);
  }

  @OnEvent('venues.venue-approved')
  venueDecided(e: EventOf<'venues.venue-approved'>, tx: EntityManager) {
    return this.facts.venueDecided(tx, e.data, e.id);
  }

  @OnEvent('venues.vip-assignment-changed')
  vipAssignment(e: EventOf<'venues.vip-assignment-changed'>, tx: EntityManager) {
    return this.facts.vipAssignmentChanged(tx, e.data);
  }

  @OnEvent('admin.user-suspended')
  suspended(e: EventOf<'admin.user-suspended'>, tx: EntityManager) {
    return this.facts.suspended(tx, e.data, e.id);
  }

  @OnEvent('admin.user-reinstated')
  reinstated(e: EventOf<'admin.user-reinstated'>, tx: EntityManager) {
    return this.facts.reinstated(tx, e.data, e.id);
  }
}
