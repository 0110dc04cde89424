import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { ConversationService } from './conversation.service';

/**
 * Opens the host's and the guest's conversation when a join request is approved, an invite
 * accepted or the two like each other, and follows social's blocks (inbox key `messaging.conversations`).
 */
@EventConsumer('conversations')
export class ConversationConsumer {
  constructor(private readonly conversations: ConversationService) {}

  @OnEvent('social.join-request-approved')
  approved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    const { venueName, bookingDate } = e.data;
    return this.conversations.open(
      tx,
      e.data.hostId,
      e.data.guestId,
      e.data.bookingId,
      venueName && bookingDate ? { title: venueName, date: bookingDate } : null,
    );
  }

  /**
   * A waitlisted guest took a place (docs/product.md#social-guest-list): the host's conversation with him tells him so.
   */
  @OnEvent('social.waitlist-promoted')
  promoted(e: EventOf<'social.waitlist-promoted'>, tx: EntityManager) {
    return this.conversations.notifyPromoted(tx, e.data);
  }

  @OnEvent('social.invite-accepted')
  accepted(e: EventOf<'social.invite-accepted'>, tx: EntityManager) {
    return this.conversations.open(tx, e.data.hostId, e.data.guestId, e.data.bookingId, {
      title: e.data.eventTitle,
      date: e.data.eventDate,
    });
  }

  /**
   * A mutual like (docs/product.md#social-swipes) opens the pair's conversation about no event,
   * so either may write first.
   */
  @OnEvent('social.match-created')
  matched(e: EventOf<'social.match-created'>, tx: EntityManager) {
    return this.conversations.openForMatch(tx, e.data.userIds);
  }

  @OnEvent('social.user-blocked')
  blocked(e: EventOf<'social.user-blocked'>, tx: EntityManager) {
    return this.conversations.block(tx, e.data.blockerId, e.data.blockedId, true);
  }

  @OnEvent('social.user-unblocked')
  unblocked(e: EventOf<'social.user-unblocked'>, tx: EntityManager) {
    return this.conversations.block(tx, e.data.blockerId, e.data.blockedId, false);
  }
}
