import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Not } from 'typeorm';
import { BookingEntity } from './booking.entity';

/** The bookable unit: one section, or a whole yacht (no section). */
export interface Unit {
  venueId: string;
  sectionId: string | null;
}

/** Every query on bookings. */
@Injectable()
export class BookingRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Bookings of the unit whose window overlaps [startsAt, endsAt) and that hold capacity: confirmed,
   * or held and not yet expired. Run under the unit's row lock, so the count cannot go stale.
   */
  async countTaking(m: EntityManager, unit: Unit, startsAt: Date, endsAt: Date): Promise<number> {
    const q = m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .where('b.venue_id = :venueId', { venueId: unit.venueId })
      .andWhere(unit.sectionId ? 'b.section_id = :sectionId' : 'b.section_id IS NULL', { sectionId: unit.sectionId })
      .andWhere('b.starts_at < :endsAt AND b.ends_at > :startsAt', { startsAt, endsAt })
      .andWhere(`(b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > now()))`);
    return q.getCount();
  }

  /** The windows of a unit's bookings that take it (as countTaking counts them) overlapping [from, to). */
  async windowsTaking(unit: Unit, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
    const rows = await this.ds.manager
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .select(['b.startsAt', 'b.endsAt'])
      .where('b.venue_id = :venueId', { venueId: unit.venueId })
      .andWhere(unit.sectionId ? 'b.section_id = :sectionId' : 'b.section_id IS NULL', { sectionId: unit.sectionId })
      .andWhere('b.starts_at < :to AND b.ends_at > :from', { from, to })
      .andWhere(`(b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > now()))`)
      .getMany();
    return rows.map((r) => ({ startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
  }

  /** The windows of an entertainer's bookings (in any room) that hold him (as countDancerTaking counts them) overlapping [from, to). */
  async dancerWindowsTaking(dancerId: string, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
    const rows = await this.ds.manager
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .select(['b.startsAt', 'b.endsAt'])
      .where('b.dancer_id = :dancerId', { dancerId })
      .andWhere('b.starts_at < :to AND b.ends_at > :from', { from, to })
      .andWhere(`(b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > now()))`)
      .getMany();
    return rows.map((r) => ({ startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
  }

  /**
   * The same entertainer's bookings (in any room) whose window overlaps [startsAt, endsAt) and that
   * hold him: confirmed, or held and not yet expired. Run under his card's row lock.
   */
  countDancerTaking(m: EntityManager, dancerId: string, startsAt: Date, endsAt: Date): Promise<number> {
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .where('b.dancer_id = :dancerId', { dancerId })
      .andWhere('b.starts_at < :endsAt AND b.ends_at > :startsAt', { startsAt, endsAt })
      .andWhere(`(b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > now()))`)
      .getCount();
  }

  /** The host's holds still waiting for payment. Run under lockHost. */
  countLiveHoldsOfHost(m: EntityManager, hostId: string): Promise<number> {
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .where(`b.host_id = :hostId AND b.status = 'held' AND b.hold_expires_at > now()`, { hostId })
      .getCount();
  }

  /**
   * Serialises one host's holds for the rest of the transaction (a transaction-scoped advisory
   * lock on his id: his card may not have reached this service yet, so there is no row to lock),
   * so parallel requests cannot pass the live-hold cap together. Taken before any unit's lock.
   */
  async lockHost(m: EntityManager, hostId: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 29))`, [hostId]);
  }

  findById(id: string, m: EntityManager = this.ds.manager): Promise<BookingEntity | null> {
    return m.findOneBy(BookingEntity, { id });
  }

  /** The booking row locked for the rest of the transaction (parallel cancels of it wait, then see it cancelled). */
  lockById(m: EntityManager, id: string): Promise<BookingEntity | null> {
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .setLock('pessimistic_write')
      .where('b.id = :id', { id })
      .getOne();
  }

  /**
   * The caller's live hold of this very slot (a retried payment start reuses it): of the whole
   * yacht, or of the section with this entertainer (a retried deposit payment).
   */
  findLiveHold(
    m: EntityManager,
    hostId: string,
    unit: Unit,
    dancerId: string | null,
    startsAt: Date,
    duration: number,
  ): Promise<BookingEntity | null> {
    const [where, params] = unit.sectionId
      ? [
          `b.section_id = :sectionId AND b.dancer_id IS NOT DISTINCT FROM :dancerId`,
          { sectionId: unit.sectionId, dancerId },
        ]
      : [`b.venue_id = :venueId AND b.section_id IS NULL`, { venueId: unit.venueId }];
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .where(`b.host_id = :hostId AND ${where} AND b.starts_at = :startsAt AND b.duration = :duration`, {
        hostId,
        startsAt,
        duration,
        ...params,
      })
      .andWhere(`b.status = 'held' AND b.hold_expires_at > now()`)
      .getOne();
  }

  insert(m: EntityManager, b: BookingEntity): Promise<BookingEntity> {
    return m.save(BookingEntity, b);
  }

  save(m: EntityManager, b: BookingEntity): Promise<BookingEntity> {
    return m.save(BookingEntity, b);
  }

  listOfHost(hostId: string, statuses?: BookingEntity['status'][]): Promise<BookingEntity[]> {
    return this.ds.manager.find(BookingEntity, {
      where: { hostId, status: statuses ? In(statuses) : Not('expired') },
      order: { startsAt: 'ASC', id: 'ASC' },
    });
  }

  /**
   * Bookings at venues, by booking date (inclusive bounds). A released hold is left out: cancelled
   * with nothing paid where a card payment was due (a yacht, or a section taking a deposit) was only
   * ever a hold, never a booking the venue had (docs/product.md#venues-bookings). A club booking
   * without deposit is confirmed without payment, so its cancellation still shows.
   */
  listAtVenues(venueIds: string[], dates: { from?: string; to?: string } = {}): Promise<BookingEntity[]> {
    if (!venueIds.length) return Promise.resolve([]);
    const q = this.ds.manager
      .createQueryBuilder(BookingEntity, 'b')
      .where('b.venue_id IN (:...venueIds)', { venueIds })
      .andWhere(`b.status IN ('confirmed', 'cancelled', 'completed')`)
      .andWhere(
        `NOT (b.status = 'cancelled' AND b.amount_paid = 0 AND (b.venue_type = 'yacht' OR b.deposit_amount > 0))`,
      );
    if (dates.from) q.andWhere('b.booking_date >= :from', { from: dates.from });
    if (dates.to) q.andWhere('b.booking_date <= :to', { to: dates.to });
    return q.orderBy('b.starts_at', 'DESC').addOrderBy('b.id', 'ASC').getMany();
  }

  /** Holds past their time become expired (returned, to publish their release). */
  async expireHolds(m: EntityManager): Promise<BookingEntity[]> {
    // UPDATE … RETURNING answers [rows, count] through TypeORM's Postgres driver, not rows.
    const [rows] = (await m.query(
      `UPDATE bookings SET status = 'expired' WHERE status = 'held' AND hold_expires_at <= now() RETURNING id`,
    )) as [{ id: string }[], number];
    const ids = rows.map((r) => r.id);
    return ids.length ? m.findBy(BookingEntity, { id: In(ids) }) : [];
  }

  /**
   * Bookings of a venue that still take place or hold a slot, locked (in id order) for the
   * caller's transaction. Unlocked, a payment confirming one of them at the same moment was
   * overwritten by the cancellation's stale copy: cancelled with the refund of an unpaid hold ($0)
   * while the card was charged (found by the lifecycle model, seed 290260).
   */
  lockLiveAtVenue(m: EntityManager, venueId: string): Promise<BookingEntity[]> {
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .setLock('pessimistic_write')
      .where(`b.venue_id = :venueId AND b.status IN ('confirmed', 'held') AND b.ends_at > now()`, { venueId })
      .orderBy('b.id')
      .getMany();
  }

  /** Every booking of the host, locked (in id order) for his erasure: see lockLiveAtVenue. */
  lockByHostForErasure(m: EntityManager, hostId: string): Promise<BookingEntity[]> {
    return m
      .getRepository(BookingEntity)
      .createQueryBuilder('b')
      .setLock('pessimistic_write')
      .where('b.host_id = :hostId', { hostId })
      .orderBy('b.id')
      .getMany();
  }

  async deleteOfHost(m: EntityManager, hostId: string): Promise<void> {
    await m.delete(BookingEntity, { hostId });
  }
}
