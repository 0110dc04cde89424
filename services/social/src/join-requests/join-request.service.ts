import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { SOCIAL_ERRORS, type JoinRequest, type JoinRequestDto } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import type { EventCard, MemberCard } from '../catalog/catalog.entity';
import { JoinRequestEntity } from './join-request.entity';
import { JoinRequestRepository } from './join-request.repository';

function toJoinRequest(r: JoinRequestEntity, e: EventCard | undefined, guest: MemberCard | undefined): JoinRequest {
  return {
    id: r.id,
    guestId: r.guestId,
    hostId: r.hostId,
    bookingId: r.bookingId,
    status: r.status,
    message: r.message,
    createdAt: new Date(r.createdAt).toISOString(),
    bookingDate: e?.bookingDate ?? '',
    startTime: e?.startTime ?? '',
    endTime: e?.endTime ?? '',
    venueName: e?.venueName ?? '',
    venueType: e?.venueType ?? 'club',
    sectionType: e?.sectionType ?? '',
    host: { id: r.hostId, firstName: e?.hostFirstName ?? 'Host' },
    guest: guest ? { id: guest.userId, firstName: guest.firstName, lastName: guest.lastName, profileImages: guest.profileImages ?? [], age: guest.age, city: guest.city } : null,
  };
}

/**
 * Requests to join events. The guest is the session's user; the host comes from social's read
 * model of the confirmed event, never from the browser; only that host sees and decides them, once.
 */
@Injectable()
export class JoinRequestService {
  constructor(
    private readonly ds: DataSource,
    private readonly requests: JoinRequestRepository,
    private readonly outbox: Outbox,
  ) {}

  async create(actor: Actor, dto: JoinRequestDto): Promise<JoinRequest> {
    requireMember(actor);
    const event = await this.requests.event(dto.bookingId);
    if (!event) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    if (event.hostId === actor.userId) throw AppError.of(SOCIAL_ERRORS.OWN_EVENT);
    if (event.startsAt.getTime() <= Date.now()) throw AppError.of(SOCIAL_ERRORS.PAST_EVENT);
    const row = Object.assign(new JoinRequestEntity(), { id: randomUUID(), guestId: actor.userId, hostId: event.hostId, bookingId: event.bookingId, status: 'pending' as const, message: dto.message || null, createdAt: new Date(), decidedAt: null });
    try {
      await this.ds.transaction(async (m) => {
        await this.requests.save(m, row);
        await this.publish(m, 'social.join-request-created', row);
      });
    } catch (e) {
      // One open request per guest and event: the database's unique index decides races.
      if (e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505') throw AppError.of(SOCIAL_ERRORS.DUPLICATE_REQUEST);
      throw e;
    }
    return this.view([row]).then((v) => v[0]);
  }

  async mine(actor: Actor): Promise<JoinRequest[]> {
    requireMember(actor);
    const rows = await this.requests.ofGuest(actor.userId);
    return (await this.view(rows)).sort((a, b) => `${a.bookingDate}${a.startTime}`.localeCompare(`${b.bookingDate}${b.startTime}`));
  }

  async ofBooking(actor: Actor, bookingId: string): Promise<JoinRequest[]> {
    requireMember(actor);
    const event = await this.requests.event(bookingId);
    // Someone else's event does not exist for the caller.
    if (!event || event.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.EVENT_NOT_FOUND);
    return this.view(await this.requests.ofBooking(bookingId));
  }

  decide(actor: Actor, id: string, status: 'approved' | 'declined'): Promise<JoinRequest> {
    requireMember(actor);
    return this.ds.transaction(async (m) => {
      const r = await m.getRepository(JoinRequestEntity).createQueryBuilder('r').setLock('pessimistic_write').where('r.id = :id', { id }).getOne();
      if (!r || r.hostId !== actor.userId) throw AppError.of(SOCIAL_ERRORS.REQUEST_NOT_FOUND);
      if (r.status !== 'pending') throw AppError.of(SOCIAL_ERRORS.NOT_PENDING);
      r.status = status;
      r.decidedAt = new Date();
      await this.requests.save(m, r);
      await this.publish(m, status === 'approved' ? 'social.join-request-approved' : 'social.join-request-declined', r);
      return r;
    }).then(async (r) => (await this.view([r]))[0]);
  }

  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await this.requests.eraseMember(m, userId);
  }

  private async view(rows: JoinRequestEntity[]): Promise<JoinRequest[]> {
    const events = new Map((await this.requests.eventsByIds([...new Set(rows.map((r) => r.bookingId))])).map((e) => [e.bookingId, e]));
    const guests = new Map((await this.requests.membersByIds([...new Set(rows.map((r) => r.guestId))])).map((g) => [g.userId, g]));
    return rows.map((r) => toJoinRequest(r, events.get(r.bookingId), guests.get(r.guestId)));
  }

  private publish(m: EntityManager, type: 'social.join-request-created' | 'social.join-request-approved' | 'social.join-request-declined', r: JoinRequestEntity) {
    return this.outbox.add(m, type, r.id, { requestId: r.id, bookingId: r.bookingId, guestId: r.guestId, hostId: r.hostId });
  }
}
