import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, UserErasureService, type EventOf } from '@luxe/platform/events';
import { JoinRequestService } from './join-requests/join-request.service';

/** Social's part of the account-deletion saga (inbox key `social.user-erasure`). */
@EventConsumer('user-erasure')
export class SocialErasureConsumer {
  private readonly erasure = new UserErasureService();
  constructor(private readonly requests: JoinRequestService) {}

  @OnEvent('identity.user-deleted')
  async erase(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    await this.requests.eraseMember(tx, e.data.userId);
    await this.erasure.record(tx, e.data.userId);
  }
}
