import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { SOCIAL_ERRORS, type JoinRequest, type JoinRequestDto, type PendingJoinRequests } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import type { EventCard } from '../catalog/catalog.entity';
import { DiscoveryService } from '../discovery/discovery.service';
import { SafetyRepository } from '../safety/safety.repository';
import { JoinRequestEntity } from './join-request.entity';
import { toJoinRequest } from './join-request.mapper';
import { JoinRequestRepository } from './join-request.repository';

/**
 * Requests to join events. The guest is the session's user; the host comes from social's read
 * model of the confirmed event, never from the browser; only that host sees and decides them, once.
 */
@Injectable()
export class JoinRequestService {
  constructor(
    private readonly ds: DataSource,
    private readonly requests: JoinRequestRepository,
    private readonly discovery: DiscoveryService,
    private readonly outbox: Outbox,
    private readonly safety: SafetyRepository,
  ) {}

  async create(actor: Actor, dto: JoinRequestDto): Promise<JoinRequest> {
    requireMember(actor);
    const event = await this.requests.event(dto.bookingId);
    if (!event) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    if (event.hostId === actor.userId) throw AppError.of(SOCIAL_ERRORS.OWN_EVENT);
    // An event discovery would not show him (its guest visibility, a block either way) does not
    // exist for the guest: the answer of an unknown event, so a block is not revealed.
    if (!(await this.discovery.isVisibleTo(event.bookingId, actor.userId)))
      throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    if (event.startsAt.getTime() <= Date.now()) throw AppError.of(SOCIAL_ERRORS.PAST_EVENT);
    // On the guest list or its waitlist already: asking again is a duplicate too.
    if (await this.requests.openOf(actor.userId, event.bookingId)) throw AppError.of(SOCIAL_ERRORS.DUPLICATE_REQUEST);
    const row = Object.assign(new JoinRequestEntity(), {
      id: randomUUID(),
      guestId: actor.userId,
      hostId: event.hostId,
      bookingId: event.bookingId,
      status: 'pending' as const,
      message: dto.message || null,
      createdAt: new Date(),
      decidedAt: null,
      waitlistedAt: null,
      endedAt: null,
    });
    try {
      await this.ds.transaction(async (m) => {
        // Under the event's share lock: a booking cancelled meanwhile is gone, or ends this request with the others.
        if (!(await this.requests.shareEvent(m, event.bookingId))) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
        await this.requests.save(m, row);
        await this.publish(m, 'social.join-request-created', row);
      });
    } catch (e) {
      // One open request per guest and event: the database's unique index decides races.
      if (e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505')
        throw AppError.of(SOCIAL_ERRORS.DUPLICATE_REQUEST);
      throw e;
    }
    return this.view([row]).then((v) => v[0]);
  }

  async mine(actor: Actor): Promise<JoinRequest[]> {
    requireMember(actor);
    const rows = await this.requests.ofGuest(actor.userId);
    return (await this.view(rows)).sort((a, b) =>
      `${a.bookingDate}${a.startTime}`.localeCompare(`${b.bookingDate}${b.startTime}`),
    );
  }

  /** The host's events with pending requests and how many (those of members blocked either way are hidden, as in `ofBooking`). */
  async pendingCounts(actor: Actor): Promise<PendingJoinRequests[]> {
    requireMember(actor);
    return this.requests.pendingCounts(actor.userId, [...(await this.safety.blockedWith(actor.userId))]);
  }

  async ofBooking(actor: Actor, bookingId: string): Promise<JoinRequest[]> {
    requireMember(actor);
    const event = await this.requests.event(bookingId);
    // Someone else's event does not exist for the caller.
    if (!event || event.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    // Requests of a guest he blocked or who blocked him are hidden, as their invites are.
    const blocked = await this.safety.blockedWith(actor.userId);
    return this.view((await this.requests.ofBooking(bookingId)).filter((r) => !blocked.has(r.guestId)));
  }

  /**
   * The host's answer, once. An approval when the guest list is full (the guest limit, else the
   * section's places, reached) or someone is already waiting is
   * waitlisted instead (docs/product.md#social-guest-list): the
   * event's row is locked first, so approvals, invites accepted, departures and promotions of one
   * event count the list one at a time. A guest blocked either way since he asked is not approved:
   * his request does not exist for the host any more (as a blocked pair's invite).
   */
  async decide(actor: Actor, id: string, status: 'approved' | 'declined'): Promise<JoinRequest> {
    requireMember(actor);
    const found = await this.requests.byId(id);
    if (!found || found.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
    const row = await this.ds.transaction(async (m) => {
      const event = await this.requests.lockEvent(m, found.bookingId);
      const r = await this.requests.lockById(m, id);
      if (!r || r.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
      if (status === 'approved' && (await this.safety.blockedBetween(r.hostId, r.guestId, m)))
        throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
      if (r.status === 'cancelled') throw AppError.of(SOCIAL_ERRORS.EVENT_CANCELLED);
      if (r.status !== 'pending') throw AppError.of(SOCIAL_ERRORS.NOT_PENDING);
      const now = new Date();
      if (status === 'approved' && event && !(await this.requests.hasPlaceFor(m, event, r.guestId))) {
        r.status = 'waitlisted';
        r.waitlistedAt = now;
        await this.requests.save(m, r);
        await this.publish(m, 'social.join-request-waitlisted', r);
        return r;
      }
      r.status = status;
      r.decidedAt = now;
      await this.requests.save(m, r);
      await this.publish(
        m,
        status === 'approved' ? 'social.join-request-approved' : 'social.join-request-declined',
        r,
        event,
      );
      return r;
    });
    return (await this.view([row]))[0];
  }

  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await this.requests.eraseMember(m, userId);
  }

  /** Requests as the API shows them, with their events, guests and waitlist places. */
  async view(rows: JoinRequestEntity[]): Promise<JoinRequest[]> {
    const events = new Map(
      (await this.requests.eventsByIds([...new Set(rows.map((r) => r.bookingId))])).map((e) => [e.bookingId, e]),
    );
    const guests = new Map(
      (await this.requests.membersByIds([...new Set(rows.map((r) => r.guestId))])).map((g) => [g.userId, g]),
    );
    const waiting = rows.filter((r) => r.status === 'waitlisted');
    const positions = await this.requests.waitlistPositions([...new Set(waiting.map((r) => r.bookingId))]);
    return rows.map((r) =>
      toJoinRequest(
        r,
        events.get(r.bookingId),
        guests.get(r.guestId),
        r.status === 'waitlisted' ? (positions.get(r.id) ?? null) : null,
      ),
    );
  }

  /** `event`, when known, names the conversation an approval opens (its venue and day). */
  private publish(
    m: EntityManager,
    type:
      | 'social.join-request-created'
      | 'social.join-request-approved'
      | 'social.join-request-declined'
      | 'social.join-request-waitlisted',
    r: JoinRequestEntity,
    event?: EventCard | null,
  ) {
    const named = event ? { venueName: event.venueName, bookingDate: event.bookingDate } : {};
    return this.outbox.add(m, type, r.id, {
      requestId: r.id,
      bookingId: r.bookingId,
      guestId: r.guestId,
      hostId: r.hostId,
      ...named,
    });
  }
}
