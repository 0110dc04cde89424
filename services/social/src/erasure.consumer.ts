import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, UserErasureService, type EventOf } from '@luxe/platform/events';
import { GuestListService } from './guest-list/guest-list.service';
import { InviteService } from './invites/invite.service';
import { JoinRequestService } from './join-requests/join-request.service';
import { SafetyService } from './safety/safety.service';
import { SwipeService } from './swipes/swipe.service';

/** Social's part of the account-deletion saga (inbox key `social.user-erasure`). */
@EventConsumer('user-erasure')
export class SocialErasureConsumer {
  private readonly erasure = new UserErasureService();
  constructor(
    private readonly requests: JoinRequestService,
    private readonly invites: InviteService,
    private readonly swipes: SwipeService,
    private readonly safety: SafetyService,
    private readonly guestList: GuestListService,
  ) {}

  @OnEvent('identity.user-deleted')
  async erase(e: EventOf<'identity.user-deleted'>, tx: EntityManager): Promise<void> {
    const userId = e.data.userId;
    // The places he held at others' events open: those events are locked first, then promoted from.
    const places = await this.guestList.lockPlacesOf(tx, userId);
    await this.invites.eraseMember(tx, userId);
    await this.swipes.eraseMember(tx, userId);
    await this.safety.eraseMember(tx, userId);
    await this.requests.eraseMember(tx, userId);
    for (const bookingId of places) await this.guestList.promote(tx, bookingId);
    await this.erasure.record(tx, userId);
  }
}
