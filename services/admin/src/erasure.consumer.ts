import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AdminCatalogRepository } from './catalog/catalog.repository';

/**
 * The admin's part of the account-deletion saga: the member's row goes; reports about him stay
 * (a safety record) without the words of his messages, as in social. Its inbox key is the
 * catalog's (`admin.catalog`, the same consumer name as AdminCatalogConsumer): the deletion ends
 * his identity aggregate there, so a late profile update is refused instead of bringing him back.
 * (UserErasureHandler records the saga's checkpoint, under its own key.)
 */
@EventConsumer('catalog')
export class AdminErasureConsumer {
  constructor(private readonly catalog: AdminCatalogRepository) {}

  @OnEvent('identity.user-deleted')
  deleted(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    return this.catalog.eraseUser(tx, e.data.userId);
  }
}
