import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import {
  SOCIAL_ERRORS,
  WAITLIST_ERRORS,
  type Invite,
  type InviteDto,
  type Page,
  type PageRequest,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { CatalogRepository } from '../catalog/catalog.repository';
import { JoinRequestRepository } from '../join-requests/join-request.repository';
import { SafetyRepository } from '../safety/safety.repository';
import { InviteEntity } from './invite.entity';
import { toInvite } from './invite.mapper';
import { InviteRepository } from './invite.repository';

/** Members who may be invited (venue owners and entertainers are not part of the social side). */
const INVITABLE = new Set(['host', 'guest']);

/**
 * Invites (docs/product.md#social-invites). The host is the session's user and must be a host; only
 * the invited member answers, once, while the invite is pending. A block between the two hides the
 * invite from both and refuses new ones.
 */
@Injectable()
export class InviteService {
  constructor(
    private readonly ds: DataSource,
    private readonly invites: InviteRepository,
    private readonly members: CatalogRepository,
    private readonly requests: JoinRequestRepository,
    private readonly outbox: Outbox,
    private readonly safety: SafetyRepository,
  ) {}

  async create(actor: Actor, dto: InviteDto): Promise<Invite> {
    requireMember(actor);
    if (actor.userType !== 'host') throw AppError.of(SOCIAL_ERRORS.HOSTS_ONLY);
    if (dto.guestId === actor.userId) throw AppError.of(SOCIAL_ERRORS.INVITE_SELF);
    const guest = await this.members.card(dto.guestId);
    // A blocked member is as absent as an unknown one: the host learns nothing from the answer.
    if (!guest || !INVITABLE.has(guest.userType) || (await this.safety.blockedBetween(actor.userId, dto.guestId)))
      throw AppError.of(SOCIAL_ERRORS.GUEST_NOT_FOUND);
    let eventDate = dto.eventDate;
    if (dto.bookingId) {
      const event = await this.requests.event(dto.bookingId);
      if (!event || event.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
      if (event.startsAt.getTime() <= Date.now()) throw AppError.of(SOCIAL_ERRORS.PAST_EVENT);
      eventDate = event.bookingDate; // the event's own date, whatever the browser said
    }
    const row = Object.assign(new InviteEntity(), {
      id: randomUUID(),
      hostId: actor.userId,
      guestId: dto.guestId,
      bookingId: dto.bookingId,
      status: 'pending' as const,
      eventTitle: dto.eventTitle,
      eventDescription: dto.eventDescription,
      eventDate,
      createdAt: new Date(),
      respondedAt: null,
    });
    try {
      await this.ds.transaction(async (m) => {
        // Under the event's share lock: a booking cancelled meanwhile is gone, or cancels this invite with the others.
        if (row.bookingId && !(await this.requests.shareEvent(m, row.bookingId)))
          throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
        await this.invites.insert(m, row);
        await this.publish(m, 'social.invite-sent', row);
      });
    } catch (e) {
      if (e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505')
        throw AppError.of(SOCIAL_ERRORS.DUPLICATE_INVITE);
      throw e;
    }
    return (await this.view([row]))[0];
  }

  /**
   * A page of the caller's received (he is the guest) or sent (the host) invites, whatever `userId`
   * the browser sent; invites of a blocked pair are hidden.
   */
  async list(actor: Actor, side: 'received' | 'sent', page: PageRequest<number | undefined>): Promise<Page<Invite>> {
    requireMember(actor);
    const blocked = await this.safety.blockedWith(actor.userId);
    const found = await this.invites.page(side, actor.userId, blocked, page);
    return { items: await this.view(found.items), nextCursor: found.nextCursor };
  }

  /**
   * The invited member's answer, once. Accepting an invite to an event takes a place on its guest
   * list like an approval: under the event's lock (the same as approvals, departures and
   * promotions), and refused when the list is full or others wait for a place (an invite has no
   * waitlist), unless the guest already holds one.
   */
  async respond(actor: Actor, id: string, response: 'accept' | 'decline'): Promise<Invite> {
    requireMember(actor);
    const found = await this.invites.byId(id);
    if (!found || found.guestId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.INVITE_NOT_FOUND);
    const row = await this.ds.transaction(async (m) => {
      // The event first, then the invite: the order of every change to an event's list.
      const event = found.bookingId ? await this.requests.lockEvent(m, found.bookingId) : null;
      const r = await this.invites.lockById(m, id);
      // Someone else's invite, or one from a blocked member, does not exist for the caller.
      if (!r || r.guestId !== actor.userId || (await this.safety.blockedBetween(r.hostId, r.guestId, m)))
        throw AppError.of(SOCIAL_ERRORS.INVITE_NOT_FOUND);
      if (r.status === 'cancelled') throw AppError.of(SOCIAL_ERRORS.EVENT_CANCELLED);
      if (r.status !== 'pending') throw AppError.of(SOCIAL_ERRORS.INVITE_NOT_PENDING);
      if (response === 'accept' && r.bookingId) {
        // Its event is gone: the booking was cancelled (its invites end with it).
        if (!event) throw AppError.of(SOCIAL_ERRORS.EVENT_CANCELLED);
        if (!(await this.requests.hasPlaceFor(m, event, r.guestId))) throw AppError.of(WAITLIST_ERRORS.FULL);
      }
      r.status = response === 'accept' ? 'accepted' : 'declined';
      r.respondedAt = new Date();
      await this.invites.save(m, r);
      await this.publish(m, r.status === 'accepted' ? 'social.invite-accepted' : 'social.invite-declined', r);
      return r;
    });
    return (await this.view([row]))[0];
  }

  /** A deleted member's invites, sent or received. */
  eraseMember(m: EntityManager, userId: string): Promise<void> {
    return this.invites.eraseMember(m, userId);
  }

  private async view(rows: InviteEntity[]): Promise<Invite[]> {
    const cards = await this.members.cards(rows.flatMap((r) => [r.hostId, r.guestId]));
    const bookingIds = [...new Set(rows.flatMap((r) => (r.bookingId ? [r.bookingId] : [])))];
    const going = await this.members.attendees(bookingIds);
    // The invite keeps the event's date; its start time is read from the event (gone once cancelled: the day alone is shown).
    const starts = new Map((await this.requests.eventsByIds(bookingIds)).map((e) => [e.bookingId, e.startTime]));
    return rows.map((r) =>
      toInvite(
        r,
        cards.get(r.hostId),
        cards.get(r.guestId),
        (r.bookingId && starts.get(r.bookingId)) || null,
        r.bookingId ? going.get(r.bookingId) : undefined,
      ),
    );
  }

  private publish(
    m: EntityManager,
    type: 'social.invite-sent' | 'social.invite-accepted' | 'social.invite-declined',
    r: InviteEntity,
  ) {
    return this.outbox.add(m, type, r.id, {
      inviteId: r.id,
      hostId: r.hostId,
      guestId: r.guestId,
      bookingId: r.bookingId,
      eventTitle: r.eventTitle,
      eventDate: r.eventDate,
    });
  }
}
