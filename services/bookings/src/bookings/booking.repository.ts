import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, Not, type SelectQueryBuilder } from 'typeorm';
import { DURATION_HOURS } from '@luxe/contracts';
import type { LiteralStatement } from '@luxe/platform/db';
import { BookingEntity } from './booking.entity';

/** The bookable unit: one section, or a whole yacht (no section). */
export interface Unit {
  venueId: string;
  sectionId: string | null;
}

/** Whose bookings an overlap query reads: a unit's (its capacity), or an entertainer's in every room. */
type Taker = { unit: Unit } | { dancerId: string };

/** The earliest start of a booking still running at `from` (none lasts longer than DURATION_HOURS.max). */
const earliestStart = (from: Date): Date => new Date(from.getTime() - DURATION_HOURS.max * 3_600_000);

/**
 * The bookings of `who` whose window overlaps [from, to) and that take it: confirmed, or held and
 * not yet expired. The earliest start of one still running at `from` bounds `starts_at` from below:
 * no booking lasts longer than DURATION_HOURS.max (bookings_window_check holds ends_at to
 * starts_at + duration), so the index range (bookings_unit_window, bookings_dancer_window) holds
 * the bookings of a few hours, not every past booking of the unit (with a million
 * bookings the open range read each of the unit's bookings since it opened, to drop it on `ends_at`).
 */
function takingQuery(m: EntityManager, who: Taker, from: Date, to: Date): SelectQueryBuilder<BookingEntity> {
  const q = m.getRepository(BookingEntity).createQueryBuilder('b');
  if ('dancerId' in who) q.where('b.dancer_id = :dancerId', { dancerId: who.dancerId });
  else
    q.where('b.venue_id = :venueId', { venueId: who.unit.venueId }).andWhere(
      who.unit.sectionId ? 'b.section_id = :sectionId' : 'b.section_id IS NULL',
      { sectionId: who.unit.sectionId },
    );
  const earliest = earliestStart(from);
  return q
    .andWhere('b.starts_at < :to AND b.ends_at > :from AND b.starts_at > :earliest', { from, to, earliest })
    .andWhere(`(b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > now()))`);
}

/** The windows of the bookings a taking query finds. */
async function windowsOf(q: SelectQueryBuilder<BookingEntity>): Promise<{ startsAt: Date; endsAt: Date }[]> {
  const rows = await q.select(['b.startsAt', 'b.endsAt']).getMany();
  return rows.map((r) => ({ startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
}

/**
 * A unit's taking count as SQL built once per kind of unit (a section's, a yacht's) from
 * takingQuery, and its values in that SQL's order: the query is built with marker values, each
 * found again among the parameters TypeORM lists (building it cost more CPU than running it, on
 * every booking).
 */
function preparedTakingCount(m: EntityManager, section: boolean) {
  const unit = { venueId: '\u0001venue', sectionId: section ? '\u0001section' : null };
  const from = new Date(2_000_000_000_000);
  const to = new Date(2_100_000_000_000);
  const [sql, markers] = takingQuery(m, { unit }, from, to).select('COUNT(1)', 'cnt').getQueryAndParameters();
  const pick = markers.map((p: unknown): ((u: Unit, f: Date, t: Date) => unknown) => {
    if (p === unit.venueId) return (u) => u.venueId;
    if (p === unit.sectionId) return (u) => u.sectionId;
    if (p instanceof Date && p.getTime() === from.getTime()) return (_u, f) => f;
    if (p instanceof Date && p.getTime() === to.getTime()) return (_u, _f, t) => t;
    if (p instanceof Date && p.getTime() === earliestStart(from).getTime()) return (_u, f) => earliestStart(f);
    throw new Error(`preparedTakingCount: unexpected parameter ${String(p)}`);
  });
  return async (manager: EntityManager, u: Unit, f: Date, t: Date): Promise<number> => {
    const [row]: { cnt: string }[] = await manager.query(
      sql,
      pick.map((value) => value(u, f, t)),
    );
    return Number(row?.cnt ?? 0);
  };
}

/** Every query on bookings. */
@Injectable()
export class BookingRepository {
  private readonly sectionTaking: ReturnType<typeof preparedTakingCount>;
  private readonly yachtTaking: ReturnType<typeof preparedTakingCount>;
  constructor(private readonly ds: DataSource) {
    this.sectionTaking = preparedTakingCount(ds.manager, true);
    this.yachtTaking = preparedTakingCount(ds.manager, false);
  }

  /**
   * Bookings of the unit whose window overlaps [startsAt, endsAt) and that hold capacity: confirmed,
   * or held and not yet expired. Run under the unit's row lock, so the count cannot go stale.
   */
  countTaking(m: EntityManager, unit: Unit, startsAt: Date, endsAt: Date): Promise<number> {
    return (unit.sectionId ? this.sectionTaking : this.yachtTaking)(m, unit, startsAt, endsAt);
  }

  /** The windows of a unit's bookings that take it (as countTaking counts them) overlapping [from, to). */
  windowsTaking(unit: Unit, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
    return windowsOf(takingQuery(this.ds.manager, { unit }, from, to));
  }

  /** The windows of an entertainer's bookings (in any room) that hold him (as countDancerTaking counts them) overlapping [from, to). */
  dancerWindowsTaking(dancerId: string, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]> {
    return windowsOf(takingQuery(this.ds.manager, { dancerId }, from, to));
  }

  /**
   * The same entertainer's bookings (in any room) whose window overlaps [startsAt, endsAt) and that
   * hold him: confirmed, or held and not yet expired. Run under his card's row lock.
   */
  countDancerTaking(m: EntityManager, dancerId: string, startsAt: Date, endsAt: Date): Promise<number> {
    return takingQuery(m, { dancerId }, startsAt, endsAt).getCount();
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

  /** A new row (its id is new: `save` would first look for it, one more round trip under the unit's lock). */
  async insert(m: EntityManager, b: BookingEntity): Promise<BookingEntity> {
    await m.insert(BookingEntity, b);
    return b;
  }
  /**
   * `insert`'s statement (the one TypeORM would send: every column's value is given), to send with
   * the transaction's last writes and its COMMIT (`commitWith`).
   */
  insertStatement(m: EntityManager, b: BookingEntity): LiteralStatement {
    const [sql, values] = m.createQueryBuilder().insert().into(BookingEntity).values(b).getQueryAndParameters();
    return { sql, values };
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
