import type { EntityManager } from 'typeorm';
import { EventConsumer, EventOf, OnEvent } from '@luxe/platform/events';
import { UserCardService } from './user-card.service';

/** Keeps messaging's user cards in step with identity's user events (inbox key `messaging.user-cards`; the deletion: erasure.consumer.ts). */
@EventConsumer('user-cards')
export class UserCardConsumer {
  constructor(private readonly cards: UserCardService) {}

  @OnEvent('identity.user-registered')
  async registered(event: EventOf<'identity.user-registered'>, tx: EntityManager): Promise<void> {
    await this.cards.upsertFromEvent(tx, event.data);
  }

  @OnEvent('identity.user-profile-updated')
  async profileUpdated(event: EventOf<'identity.user-profile-updated'>, tx: EntityManager): Promise<void> {
    await this.cards.upsertFromEvent(tx, event.data);
  }
}
