import type { EntityManager } from 'typeorm';
import { EventConsumer, OnEvent, upsertUnlessErased, type EventOf } from '@luxe/platform/events';
import { GuestListService } from '../guest-list/guest-list.service';
import { EventCard, MemberCard } from './catalog.entity';

/**
 * Social's read models (inbox key `social.catalog`): confirmed events from bookings (a cancelled
 * one disappears, ending its requests and invites), member cards from identity (never for an
 * erased member). Each handler but the cancellation's is one statement (`oneStatement`: it goes to
 * the database with the inbox's, in one round trip).
 */
@EventConsumer('catalog')
export class SocialCatalogConsumer {
  constructor(private readonly guestList: GuestListService) {}

  @OnEvent('bookings.booking-confirmed', { oneStatement: true })
  async confirmed(e: EventOf<'bookings.booking-confirmed'>, tx: EntityManager): Promise<void> {
    const d = e.data;
    // One INSERT … ON CONFLICT (save() would read the row first: one more round trip per event).
    await tx.upsert(
      EventCard,
      {
        bookingId: d.bookingId,
        hostId: d.hostId,
        hostFirstName: d.hostFirstName,
        venueId: d.venueId,
        venueName: d.venueName,
        venueType: d.venueType,
        venueCity: d.venueCity,
        venueState: d.venueState,
        venueImage: d.venueImage,
        sectionType: d.sectionType,
        bookingDate: d.bookingDate,
        startTime: d.startTime,
        endTime: d.endTime,
        duration: d.duration,
        startsAt: new Date(d.startsAt),
        guestVisibility: d.guestVisibility,
        friendsCount: d.friendsCount,
        capacity: d.capacity ?? null,
        // guestLimit is the host's own setting: a repeated confirmation leaves it as it is (upsert
        // overwrites only the columns given).
      },
      ['bookingId'],
    );
  }

  @OnEvent('bookings.booking-updated', { oneStatement: true })
  async updated(e: EventOf<'bookings.booking-updated'>, tx: EntityManager): Promise<void> {
    await tx.update(EventCard, { bookingId: e.data.bookingId }, { guestVisibility: e.data.guestVisibility });
  }

  /** The event leaves discovery, and its open requests and invites end (three statements, in order: `cancelEvent`). */
  @OnEvent('bookings.booking-cancelled')
  cancelled(e: EventOf<'bookings.booking-cancelled'>, tx: EntityManager): Promise<void> {
    return this.guestList.cancelEvent(tx, e.data.bookingId);
  }

  @OnEvent('identity.user-registered', { oneStatement: true })
  registered(e: EventOf<'identity.user-registered'>, tx: EntityManager) {
    return this.saveMember(tx, { ...e.data, age: null, bio: null });
  }

  @OnEvent('identity.user-profile-updated', { oneStatement: true })
  profile(e: EventOf<'identity.user-profile-updated'>, tx: EntityManager) {
    return this.saveMember(tx, e.data);
  }

  private async saveMember(
    tx: EntityManager,
    d: {
      userId: string;
      firstName: string;
      lastName: string;
      userType: string;
      city: string;
      state: string;
      profileImages: string[];
      age: number | null;
      bio: string | null;
      gender: string | null;
      emailVerified?: boolean;
    },
  ): Promise<void> {
    // Not for a member social erased (its user-erasure consumer applied his deletion): a late or replayed event brings nothing back.
    await upsertUnlessErased(
      tx,
      MemberCard,
      d.userId,
      {
        userId: d.userId,
        firstName: d.firstName,
        lastName: d.lastName,
        userType: d.userType,
        city: d.city,
        state: d.state,
        profileImages: d.profileImages,
        age: d.age,
        bio: d.bio,
        gender: d.gender,
        emailVerified: d.emailVerified,
      },
      ['userId'],
    );
  }
}
