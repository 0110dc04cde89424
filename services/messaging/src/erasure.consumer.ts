import type { EntityManager } from 'typeorm';
import { EventConsumer, EventOf, OnEvent } from '@luxe/platform/events';
import { UserCardService } from './user-cards/user-card.service';

/**
 * Messaging's part of the account-deletion saga: the member's card goes. Its inbox key is the user
 * cards' (`messaging.user-cards`, the same consumer name as UserCardConsumer): the deletion ends his
 * identity aggregate there, so a late or repeated profile update is refused instead of bringing the
 * card back.
 */
@EventConsumer('user-cards')
export class MessagingErasureConsumer {
  constructor(private readonly cards: UserCardService) {}

  @OnEvent('identity.user-deleted')
  async deleted(event: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    await this.cards.erase(tx, event.data.userId);
  }
}
