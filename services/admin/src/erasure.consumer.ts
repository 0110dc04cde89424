import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { AdminReportRow, AdminUserRow } from './catalog/catalog.entity';

/**
 * The admin's part of the account-deletion saga: the member's row goes; reports about him stay
 * (a safety record) without the words of his messages, as in social. Its inbox key is the
 * catalog's (`admin.catalog`, the same consumer name as AdminCatalogConsumer): the deletion ends
 * his identity aggregate there, so a late profile update is refused instead of bringing him back.
 * (UserErasureHandler records the saga's checkpoint, under its own key.)
 */
@EventConsumer('catalog')
export class AdminErasureConsumer {
  @OnEvent('identity.user-deleted')
  async deleted(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    await tx.delete(AdminUserRow, { userId: e.data.userId });
    await tx.update(AdminReportRow, { reportedUserId: e.data.userId }, { content: null });
  }
}
