import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  freePlaces,
  maxGuestLimit,
  nextToPromote,
  placesLimit,
  SOCIAL_ERRORS,
  WAITLIST_ERRORS,
  type GuestList,
  type JoinRequest,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import type { EventCard } from '../catalog/catalog.entity';
import type { JoinRequestEntity } from '../join-requests/join-request.entity';
import { JoinRequestRepository } from '../join-requests/join-request.repository';
import { JoinRequestService } from '../join-requests/join-request.service';
import { SafetyRepository } from '../safety/safety.repository';

type Departure = 'social.guest-left' | 'social.guest-removed';

/**
 * An event's guest list (docs/product.md#social-guest-list): the host's guest limit, guests leaving or removed, and the
 * waitlist's promotion. Every change of one event's list locks the event's row first
 * (`event_cards`), so approvals, invites accepted, departures and promotions count the list one at
 * a time and the list never exceeds its bound through them (the limit, else the section's
 * places). Promotion is driven by the departure events (`GuestListConsumer`): it fills the places
 * free under the bound with the first waitlisted requests, so a redelivered or late event
 * promotes nobody twice.
 */
@Injectable()
export class GuestListService {
  constructor(
    private readonly ds: DataSource,
    private readonly requests: JoinRequestRepository,
    private readonly joinRequests: JoinRequestService,
    private readonly outbox: Outbox,
    private readonly safety: SafetyRepository,
  ) {}

  async get(actor: Actor, bookingId: string): Promise<GuestList> {
    requireMember(actor);
    const event = await this.requests.event(bookingId);
    if (!event) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    if (event.hostId === actor.userId) return this.list(this.ds.manager, event, 'host');
    // A guest on the list (or waiting, or invited) sees the figures; anyone else learns nothing.
    if (
      (await this.requests.openOf(actor.userId, bookingId)) ||
      (await this.requests.invitedTo(actor.userId, bookingId))
    )
      return this.list(this.ds.manager, event, 'guest');
    throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
  }

  /**
   * The host sets (or clears, null) his event's limit: at most the section's capacity less the host
   * and his named friends, and not below the guests already counted (nobody is removed by it).
   */
  async setLimit(actor: Actor, bookingId: string, guestLimit: number | null): Promise<GuestList> {
    requireMember(actor);
    return this.ds.transaction(async (m) => {
      const event = await this.requests.lockEvent(m, bookingId);
      if (!event || event.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
      if (guestLimit !== null) {
        const max = maxGuestLimit(event.capacity, event.friendsCount);
        if (max !== null && guestLimit > max) throw AppError.of(WAITLIST_ERRORS.OVER_CAPACITY);
        if (guestLimit < (await this.requests.countGoing(m, bookingId)))
          throw AppError.of(WAITLIST_ERRORS.BELOW_APPROVED);
      }
      if (event.guestLimit !== guestLimit) {
        event.guestLimit = guestLimit;
        await this.requests.setGuestLimit(m, bookingId, guestLimit);
        // A raised or cleared limit opens places: the consumer promotes from the waitlist.
        await this.outbox.add(m, 'social.guest-limit-changed', bookingId, {
          bookingId,
          hostId: event.hostId,
          guestLimit,
        });
      }
      return this.list(m, event, 'host');
    });
  }

  /** The guest leaves an event he was approved or waitlisted for. */
  leave(actor: Actor, id: string): Promise<JoinRequest> {
    requireMember(actor);
    return this.depart(id, 'social.guest-left', (r) => r.guestId === actor.userId, WAITLIST_ERRORS.NOT_ATTENDING);
  }

  /** The host removes an approved or waitlisted guest from his event. */
  remove(actor: Actor, id: string): Promise<JoinRequest> {
    requireMember(actor);
    return this.depart(id, 'social.guest-removed', (r) => r.hostId === actor.userId, WAITLIST_ERRORS.NOT_ON_LIST);
  }

  /**
   * Fills the places free under the event's limit with the first waitlisted requests, in the
   * caller's (the consumer's inbox) transaction. Each promotion publishes `join-request-approved`
   * (bookings' attendees, messaging's conversation) and `waitlist-promoted` (the guest's message).
   * Returns the promoted requests.
   */
  async promote(m: EntityManager, bookingId: string): Promise<JoinRequestEntity[]> {
    const event = await this.requests.lockEvent(m, bookingId);
    if (!event) return [];
    const waitlist = await this.requests.inStatus(m, bookingId, 'waitlisted', true);
    if (!waitlist.length) return [];
    // A guest blocked either way since he asked is not approved by a promotion either (he keeps waiting, passed over).
    const blocked = await this.safety.blockedWith(event.hostId, m);
    const eligible = waitlist.filter((r) => !blocked.has(r.guestId));
    // Without a guest limit, the section's places bound the list.
    const free = freePlaces(placesLimit(event), await this.requests.countGoing(m, bookingId), eligible.length);
    const promoted = nextToPromote(eligible, free);
    const now = new Date();
    for (const r of promoted) {
      r.status = 'approved';
      r.decidedAt = now;
      await this.requests.save(m, r);
      const data = { requestId: r.id, bookingId: r.bookingId, guestId: r.guestId, hostId: r.hostId };
      await this.outbox.add(m, 'social.join-request-approved', r.id, {
        ...data,
        venueName: event.venueName,
        bookingDate: event.bookingDate,
      });
      await this.outbox.add(m, 'social.waitlist-promoted', r.id, {
        ...data,
        wasApproved: true,
        venueName: event.venueName,
        bookingDate: event.bookingDate,
        startTime: event.startTime,
      });
    }
    return promoted;
  }

  /**
   * A cancelled booking (bookings' `booking-cancelled`, in the consumer's transaction): its event
   * leaves discovery, and its requests still open (pending, waitlisted, approved) and its invites
   * (pending, accepted) end as 'cancelled', so their guests see the event is off. The event's row
   * goes first: its lock waits for requests and invites being made or answered on it, which the
   * following statements then see (and later ones find the event gone). Again is harmless.
   */
  cancelEvent(m: EntityManager, bookingId: string): Promise<void> {
    return this.requests.cancelEvent(m, bookingId);
  }

  /**
   * The events (of other hosts) where the member holds a place, locked in a fixed order: a
   * deleted member's places open, and `promote` fills them after his rows are gone.
   */
  async lockPlacesOf(m: EntityManager, userId: string): Promise<string[]> {
    const places = await this.requests.placesOf(m, userId);
    for (const bookingId of places) await this.requests.lockEvent(m, bookingId);
    return places;
  }

  private async depart(
    id: string,
    type: Departure,
    mayAct: (r: JoinRequestEntity) => boolean,
    notOnList: typeof WAITLIST_ERRORS.NOT_ON_LIST | typeof WAITLIST_ERRORS.NOT_ATTENDING,
  ): Promise<JoinRequest> {
    const found = await this.requests.byId(id);
    if (!found || !mayAct(found)) throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
    const row = await this.ds.transaction(async (m) => {
      await this.requests.lockEvent(m, found.bookingId);
      const r = await this.requests.lockById(m, id);
      if (!r || !mayAct(r)) throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
      if (r.status !== 'approved' && r.status !== 'waitlisted') throw AppError.of(notOnList);
      const wasApproved = r.status === 'approved';
      r.status = type === 'social.guest-left' ? 'left' : 'removed';
      r.endedAt = new Date();
      await this.requests.save(m, r);
      await this.outbox.add(m, type, r.id, {
        requestId: r.id,
        bookingId: r.bookingId,
        guestId: r.guestId,
        hostId: r.hostId,
        wasApproved,
      });
      return r;
    });
    return (await this.joinRequests.view([row]))[0];
  }

  private async list(m: EntityManager, event: EventCard, viewerRole: 'host' | 'guest'): Promise<GuestList> {
    const approved = await this.requests.inStatus(m, event.bookingId, 'approved');
    const waitlist = await this.requests.inStatus(m, event.bookingId, 'waitlisted');
    const approvedCount = await this.requests.countGoing(m, event.bookingId);
    const host = viewerRole === 'host';
    return {
      bookingId: event.bookingId,
      capacity: event.capacity,
      maxGuestLimit: maxGuestLimit(event.capacity, event.friendsCount),
      guestLimit: event.guestLimit,
      approvedCount,
      waitlistCount: waitlist.length,
      viewerRole,
      approved: host ? await this.joinRequests.view(approved) : [],
      waitlist: host ? await this.joinRequests.view(waitlist) : [],
    };
  }
}
