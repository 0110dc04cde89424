import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, type EventOf } from '@luxe/platform/events';
import { GuestListService } from '../guest-list/guest-list.service';
import { CatalogRepository } from './catalog.repository';

/**
 * Social's read models (inbox key `social.catalog`): confirmed events from bookings (a cancelled
 * one disappears, ending its requests and invites), member cards from identity (never for an
 * erased member). Each handler but the cancellation's is one statement (`oneStatement`: it goes to
 * the database with the inbox's, in one round trip).
 */
@EventConsumer('catalog')
export class SocialCatalogConsumer {
  constructor(
    private readonly catalog: CatalogRepository,
    private readonly guestList: GuestListService,
  ) {}

  @OnEvent('bookings.booking-confirmed', { oneStatement: true })
  confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveEvent(tx, e.data);
  }

  @OnEvent('bookings.booking-updated', { oneStatement: true })
  updated(e: EventOf<'bookings.booking-updated'>, tx: EntityManager): Promise<void> {
    return this.catalog.setGuestVisibility(tx, e.data.bookingId, e.data.guestVisibility);
  }

  /** The event leaves discovery, and its open requests and invites end (three statements, in order: `cancelEvent`). */
  @OnEvent('bookings.booking-cancelled')
  cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager): Promise<void> {
    return this.guestList.cancelEvent(tx, e.data.bookingId);
  }

  @OnEvent('identity.user-registered', { oneStatement: true })
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveMember(tx, { ...e.data, age: null, bio: null });
  }

  @OnEvent('identity.user-profile-updated', { oneStatement: true })
  profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager): Promise<void> {
    return this.catalog.saveMember(tx, e.data);
  }
}
