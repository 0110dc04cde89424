import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { GuestListService } from './guest-list.service';

/**
 * Promotes from an event's waitlist when places open (inbox key `social.guest-list`): a guest
 * left or was removed, or the host raised or cleared the limit. The inbox makes a redelivery
 * harmless, and the promotion fills only the places free at that moment, under the event's lock.
 */
@EventConsumer('guest-list')
export class GuestListConsumer {
  constructor(private readonly guestList: GuestListService) {}

  @OnEvent('social.guest-left')
  async left(e: EventOf<'social.guest-left'>, tx: EntityManager): Promise<void> {
    await this.guestList.promote(tx, e.data.bookingId);
  }

  @OnEvent('social.guest-removed')
  async removed(e: EventOf<'social.guest-removed'>, tx: EntityManager): Promise<void> {
    await this.guestList.promote(tx, e.data.bookingId);
  }

  @OnEvent('social.guest-limit-changed')
  async limitChanged(e: EventOf<'social.guest-limit-changed'>, tx: EntityManager): Promise<void> {
    await this.guestList.promote(tx, e.data.bookingId);
  }
}
