import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { placesLimit } from '@luxe/contracts';
import { EventCard, MemberCard } from '../catalog/catalog.entity';
import { JoinRequestEntity } from './join-request.entity';

/** Every query on join requests and the cards they are shown with. */
@Injectable()
export class JoinRequestRepository {
  constructor(private readonly ds: DataSource) {}

  event(bookingId: string, m: EntityManager = this.ds.manager): Promise<EventCard | null> {
    return m.findOneBy(EventCard, { bookingId });
  }
  eventsByIds(ids: string[]): Promise<EventCard[]> {
    return ids.length ? this.ds.manager.findBy(EventCard, { bookingId: In(ids) }) : Promise.resolve([]);
  }
  membersByIds(ids: string[]): Promise<MemberCard[]> {
    return ids.length ? this.ds.manager.findBy(MemberCard, { userId: In(ids) }) : Promise.resolve([]);
  }
  byId(id: string, m: EntityManager = this.ds.manager): Promise<JoinRequestEntity | null> {
    return m.findOneBy(JoinRequestEntity, { id });
  }
  ofGuest(guestId: string): Promise<JoinRequestEntity[]> {
    return this.ds.manager.find(JoinRequestEntity, { where: { guestId }, order: { createdAt: 'DESC' } });
  }
  ofBooking(bookingId: string): Promise<JoinRequestEntity[]> {
    return this.ds.manager.find(JoinRequestEntity, { where: { bookingId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
  /** Pending requests per event of the host, leaving out the given guests. */
  async pendingCounts(hostId: string, excluded: string[]): Promise<{ bookingId: string; pending: number }[]> {
    const rows: { booking_id: string; n: number }[] = await this.ds.query(
      `SELECT booking_id, count(*)::int AS n FROM event_join_requests WHERE host_id = $1 AND status = 'pending' AND NOT (guest_id = ANY($2::uuid[])) GROUP BY booking_id ORDER BY booking_id`,
      [hostId, excluded],
    );
    return rows.map((r) => ({ bookingId: r.booking_id, pending: r.n }));
  }
  /** The event's row locked for the rest of the transaction: its guest list changes one at a time under it. */
  lockEvent(m: EntityManager, bookingId: string): Promise<EventCard | null> {
    return m
      .getRepository(EventCard)
      .createQueryBuilder('e')
      .setLock('pessimistic_write')
      .where('e.booking_id = :bookingId', { bookingId })
      .getOne();
  }
  /**
   * The event's row share-locked for the rest of the transaction (null: gone, the booking cancelled):
   * a request or invite made under it is committed before the cancellation deletes the row, which
   * then ends it with the others.
   */
  shareEvent(m: EntityManager, bookingId: string): Promise<EventCard | null> {
    return m
      .getRepository(EventCard)
      .createQueryBuilder('e')
      .setLock('pessimistic_read')
      .where('e.booking_id = :bookingId', { bookingId })
      .getOne();
  }
  lockById(m: EntityManager, id: string): Promise<JoinRequestEntity | null> {
    return m
      .getRepository(JoinRequestEntity)
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id })
      .getOne();
  }
  /** Guests counted against the limit: approved requests and accepted invites to the booking, one per person. */
  async countGoing(m: EntityManager, bookingId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM (SELECT guest_id FROM event_join_requests WHERE booking_id = $1 AND status = 'approved'
                                       UNION SELECT guest_id FROM invites WHERE booking_id = $1 AND status = 'accepted') g`,
      [bookingId],
    );
    return n;
  }
  /** Whether the guest already counts among the event's guests (an approved request or an accepted invite). */
  async holdsPlace(m: EntityManager, bookingId: string, guestId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM event_join_requests WHERE booking_id = $1 AND guest_id = $2 AND status = 'approved'
       UNION ALL SELECT 1 FROM invites WHERE booking_id = $1 AND guest_id = $2 AND status = 'accepted' LIMIT 1`,
      [bookingId, guestId],
    );
    return rows.length > 0;
  }
  /**
   * Whether someone on the event's waitlist may be promoted: a guest blocked with the host (either
   * way) is passed over by promotions, so he keeps nobody else waiting.
   */
  async othersWaiting(m: EntityManager, bookingId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM event_join_requests r WHERE r.booking_id = $1 AND r.status = 'waitlisted'
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = r.host_id AND b.blocked_id = r.guest_id) OR (b.blocker_id = r.guest_id AND b.blocked_id = r.host_id))
        LIMIT 1`,
      [bookingId],
    );
    return rows.length > 0;
  }
  /**
   * Whether the guest may take a place on the event's list now, under its lock (`lockEvent`): he
   * holds one already, or nobody waits before him and the list is below its bound (the host's
   * limit, else the section's places).
   */
  async hasPlaceFor(m: EntityManager, event: EventCard, guestId: string): Promise<boolean> {
    if (await this.holdsPlace(m, event.bookingId, guestId)) return true;
    if (await this.othersWaiting(m, event.bookingId)) return false;
    const limit = placesLimit(event);
    return limit === null || (await this.countGoing(m, event.bookingId)) < limit;
  }
  /** The event's requests of one status, in list order (approved: by approval; waitlisted: by waitlisting). */
  inStatus(
    m: EntityManager,
    bookingId: string,
    status: 'approved' | 'waitlisted',
    lock = false,
  ): Promise<JoinRequestEntity[]> {
    const q = m
      .getRepository(JoinRequestEntity)
      .createQueryBuilder('r')
      .where('r.booking_id = :bookingId AND r.status = :status', { bookingId, status })
      .orderBy(status === 'approved' ? 'r.decided_at' : 'r.waitlisted_at', 'ASC', 'NULLS LAST')
      .addOrderBy('r.id', 'ASC');
    return (lock ? q.setLock('pessimistic_write') : q).getMany();
  }
  /** The guest's request holding a place or waiting for one at the event, if any. */
  openOf(guestId: string, bookingId: string): Promise<JoinRequestEntity | null> {
    return this.ds.manager.findOne(JoinRequestEntity, {
      where: { guestId, bookingId, status: In(['approved', 'waitlisted']) },
    });
  }
  /** Whether the member accepted an invite to the booking. */
  async invitedTo(userId: string, bookingId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `SELECT 1 FROM invites WHERE guest_id = $1 AND booking_id = $2 AND status = 'accepted' LIMIT 1`,
      [userId, bookingId],
    );
    return rows.length > 0;
  }
  /** Places on the waitlists of these events, 1 first, by request id. */
  async waitlistPositions(bookingIds: string[]): Promise<Map<string, number>> {
    if (!bookingIds.length) return new Map();
    const rows: { id: string; position: number }[] = await this.ds.query(
      `SELECT id, (row_number() OVER (PARTITION BY booking_id ORDER BY waitlisted_at NULLS LAST, id))::int AS position
         FROM event_join_requests WHERE booking_id = ANY($1) AND status = 'waitlisted'`,
      [bookingIds],
    );
    return new Map(rows.map((r) => [r.id, r.position]));
  }
  /** The host's guest limit of the event (null: none). */
  async setGuestLimit(m: EntityManager, bookingId: string, guestLimit: number | null): Promise<void> {
    await m.update(EventCard, { bookingId }, { guestLimit });
  }
  /**
   * A cancelled booking: its event's row goes first (its lock waits for requests and invites being
   * made or answered on it), then its open requests and invites end as 'cancelled'.
   */
  async cancelEvent(m: EntityManager, bookingId: string): Promise<void> {
    await m.delete(EventCard, { bookingId });
    await m.query(
      `UPDATE event_join_requests SET status = 'cancelled', ended_at = now() WHERE booking_id = $1 AND status IN ('pending', 'waitlisted', 'approved')`,
      [bookingId],
    );
    await m.query(
      `UPDATE invites SET status = 'cancelled' WHERE booking_id = $1 AND status IN ('pending', 'accepted')`,
      [bookingId],
    );
  }
  /** The events of other hosts where the member holds a place (an approved request or an accepted invite), in a fixed order. */
  async placesOf(m: EntityManager, userId: string): Promise<string[]> {
    const rows: { booking_id: string }[] = await m.query(
      `SELECT booking_id FROM event_join_requests WHERE guest_id = $1 AND status = 'approved' AND host_id <> $1
       UNION SELECT booking_id FROM invites WHERE guest_id = $1 AND status = 'accepted' AND booking_id IS NOT NULL AND host_id <> $1
       ORDER BY 1`,
      [userId],
    );
    return rows.map((r) => r.booking_id);
  }
  save(m: EntityManager, r: JoinRequestEntity): Promise<JoinRequestEntity> {
    return m.save(JoinRequestEntity, r);
  }
  /** A deleted member: his requests (as guest or host), his card and his events. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(JoinRequestEntity, { guestId: userId });
    await m.delete(JoinRequestEntity, { hostId: userId });
    await m.delete(EventCard, { hostId: userId });
    await m.delete(MemberCard, { userId });
  }
}
