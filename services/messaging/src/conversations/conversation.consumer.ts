import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { ConversationService } from './conversation.service';

/** Opens the host's and the guest's conversation when a join request is approved (inbox key `messaging.conversations`). */
@EventConsumer('conversations')
export class ConversationConsumer {
  constructor(private readonly conversations: ConversationService) {}

  @OnEvent('social.join-request-approved')
  approved(e: EventOf<'social.join-request-approved'>, tx: EntityManager) {
    return this.conversations.open(tx, e.data.hostId, e.data.guestId, e.data.bookingId);
  }
}
