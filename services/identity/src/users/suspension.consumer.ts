import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { UsersService } from './user.service';

/** The admin's suspensions, applied by identity (inbox key `identity.suspension`). */
@EventConsumer('suspension')
export class SuspensionConsumer {
  constructor(private readonly users: UsersService) {}

  @OnEvent('admin.user-suspended')
  suspended(e: EventOf<'admin.user-suspended'>, tx: EntityManager) {
    return this.users.setSuspended(tx, e.data.userId, true);
  }

  @OnEvent('admin.user-reinstated')
  reinstated(e: EventOf<'admin.user-reinstated'>, tx: EntityManager) {
    return this.users.setSuspended(tx, e.data.userId, false);
  }
}
