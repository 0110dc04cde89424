import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { FactService } from './inbox/fact.service';

/**
 * Notifications' part of the account-deletion saga: the member's card, his notifications and his
 * emails go. Its inbox key is the members' (`notifications.members`, the same consumer name as
 * MemberConsumer): the deletion ends his identity aggregate there, so a late profile update is
 * refused instead of bringing the card back.
 */
@EventConsumer('members')
export class NotificationsErasureConsumer {
  constructor(private readonly facts: FactService) {}

  @OnEvent('identity.user-deleted')
  deleted(e: EventOf<'identity.user-deleted'>, tx: EntityManager) {
    return this.facts.memberDeleted(tx, e.data.userId);
  }
}
