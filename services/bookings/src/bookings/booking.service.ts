import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AUTH_ERRORS,
  BOOKING_ERRORS,
  CANCELLATION_ERRORS,
  CARD_MINIMUM_CENTS,
  bookingWindow,
  DURATION_HOURS,
  FULL_YACHT,
  HOLD_MINUTES,
  lastBookableDate,
  MAX_LIVE_HOLDS,
  money,
  nightsOfMonth,
  sectionAmounts,
  sectionPrice,
  takesDeposit,
  todayInNewYork,
  yachtAmounts,
  yachtPrice,
  START_TIMES,
  type Availability,
  type Booking,
  type BookingAmounts,
  type BookingDto,
  type OwnerBooking,
  type OwnerBookingsQuery,
  type PaymentIntentDto,
} from '@luxe/contracts';
import { commitWith, transactionWith } from '@luxe/platform/db';
import { Outbox, type PendingEvent } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import type { DancerCard, SectionCard, VenueCard } from '../catalog/catalog.entity';
import { CatalogRepository } from '../catalog/catalog.repository';
import { FriendService } from '../friends/friend.service';
import { BookingEntity } from './booking.entity';
import { availabilityOf } from './availability';
import { moveTo, refundOnCancel } from './booking-lifecycle';
import { newBooking, toBooking, toOwnerBooking } from './booking.mapper';
import { BookingRepository, type Unit } from './booking.repository';
import { publishCancellation } from './cancellation-events';
import type { BookingsSettings } from '../bookings.settings';

/**
 * A hold exists to be paid by card: one whose charge the provider would refuse (under its
 * minimum, or nothing at all: a price that rounds to $0) is refused here, before any slot is held.
 */
function requireCardChargeable(amounts: BookingAmounts): void {
  if (Math.round(amounts.depositAmount * 100) < CARD_MINIMUM_CENTS)
    throw AppError.of(BOOKING_ERRORS.BELOW_CARD_MINIMUM);
}

/** The slot a reservation asks for (a booking's or a hold's request). */
interface Slot {
  sectionId?: string | null;
  dancerId?: string | null;
  bookingDate: string;
  startTime: string;
  duration: number;
  eventDescription?: string | null;
}

/**
 * A reservation: a section booked at once ('confirmed', no card payment), or a unit held while its
 * card payment runs ('held': a yacht, or a section that takes a deposit).
 */
interface Reservation {
  status: 'confirmed' | 'held';
  slot: Slot;
  /** The names given when booking. */
  friends: string[];
  /** The host's friends added before the booking existed: the hold takes them. */
  friendIds: string[];
  guestVisibility: string;
  /** A confirmed booking's host's first name, read before the transaction (null: bookings has no card of him yet). */
  hostFirstName?: string | null;
}

/** The unit a reservation takes, read and checked under its row lock. */
interface LockedUnit {
  /** The venue as the booking records it. */
  venue: VenueCard;
  unit: Unit;
  /** How many bookings of one window the unit takes at once. */
  capacity: number;
  /** People the unit holds, as its locked row says (the booking-confirmed event's; null when not known yet). */
  people: number | null;
  sectionName: string;
  sectionType: string;
  dancer: DancerCard | null;
  amounts: BookingAmounts;
}

/**
 * Bookings and holds. The host is the session's user; the venue, section and entertainer come
 * from bookings' own read models; the price is computed here; capacity is counted under a row
 * lock of the unit (the section, or the whole yacht), so parallel requests for the last place get
 * one booking and refusals, never two bookings.
 */
@Injectable()
export class BookingService implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;
  constructor(
    private readonly ds: DataSource,
    private readonly bookings: BookingRepository,
    private readonly catalog: CatalogRepository,
    private readonly friends: FriendService,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_SETTINGS) private readonly settings: Partial<BookingsSettings>,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(
      () =>
        void this.releaseExpiredHolds().catch((err) =>
          this.logger.warn({ err }, 'releasing expired holds failed; retried'),
        ),
      this.settings?.HOLD_SWEEP_MS ?? 30_000,
    );
    this.sweeper.unref();
  }
  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** `POST /api/bookings`: a section booking (confirmed at once), or, after a payment, the booking its hold became. */
  async create(actor: Actor, dto: BookingDto): Promise<Booking> {
    requireMember(actor);
    if (dto.holdId) {
      const b = await this.bookings.findById(dto.holdId);
      if (!b || b.hostId !== actor.userId) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
      return toBooking(b);
    }
    // The host's card (his first name, for the booking-confirmed event) is read with the venue's,
    // before the transaction: a read model either way, and no round trip while the unit is locked.
    const [venue, host] = await Promise.all([this.publicVenue(dto.venueId), this.catalog.member(actor.userId)]);
    if (venue.type === 'yacht') throw AppError.of(BOOKING_ERRORS.PAYMENT_REQUIRED);
    this.requireBookableDate(dto.bookingDate);
    if (!dto.sectionId) throw AppError.of(BOOKING_ERRORS.SECTION_REQUIRED);
    return this.reserve(actor.userId, venue, {
      status: 'confirmed',
      slot: dto,
      friends: dto.friends,
      friendIds: [],
      guestVisibility: dto.guestVisibility,
      hostFirstName: host?.firstName ?? null,
    });
  }

  /**
   * `POST /api/bookings/holds`: a slot kept for the host while he pays (the same hold again for the
   * same slot): a yacht's, or a club section's that takes a deposit (docs/product.md#booking-deposits;
   * its capacity is counted as for a section booking, under the section's row lock, and the same
   * entertainer makes the same hold). A section without a deposit is booked directly.
   */
  async hold(actor: Actor, dto: PaymentIntentDto): Promise<Booking> {
    requireMember(actor);
    const venue = await this.publicVenue(dto.venueId);
    const yacht = venue.type === 'yacht';
    if (!yacht && !dto.sectionId) throw AppError.of(BOOKING_ERRORS.NOT_A_YACHT);
    this.requireBookableDate(dto.bookingDate);
    return this.reserve(actor.userId, venue, {
      status: 'held',
      slot: dto,
      friends: [],
      friendIds: dto.friendIds ?? [],
      // A yacht's hold starts visible to both, whatever the request says; its host chooses later (setGuestVisibility).
      guestVisibility: yacht ? 'both' : dto.guestVisibility,
    });
  }

  /**
   * The one reservation flow of create and hold, in one transaction. Locks are taken
   * in one order: the host's (a hold's: the live-hold cap), then the unit's row, then the
   * entertainer's; capacity is counted under them. A hold asked again for the same slot answers
   * the host's live hold of it (a retried payment start reuses it).
   */
  private async reserve(hostId: string, venue: VenueCard, r: Reservation): Promise<Booking> {
    const hold = r.status === 'held';
    const { slot } = r;
    const window = bookingWindow(slot.bookingDate, slot.startTime, slot.duration);
    // BEGIN with the first lock, and the row, its event and COMMIT as one query (`transactionWith`,
    // `commitWith`): a section's booking is three round trips, two of them under the unit's lock.
    const saved = await transactionWith(this.ds, async (m) => {
      if (hold) await this.bookings.lockHost(m, hostId);
      const u = await this.lockUnit(m, venue, slot, hold);
      if (hold) {
        const dancerId = u.dancer?.dancerId ?? null;
        const existing = await this.bookings.findLiveHold(m, hostId, u.unit, dancerId, window.startsAt, slot.duration);
        if (existing) return existing;
        await this.requireHoldRoom(m, hostId);
      }
      if ((await this.bookings.countTaking(m, u.unit, window.startsAt, window.endsAt)) >= u.capacity)
        throw AppError.of(BOOKING_ERRORS.SLOT_TAKEN);
      if (u.dancer) await this.requireDancerFree(m, u.dancer.dancerId, window.startsAt, window.endsAt);
      if (hold) requireCardChargeable(u.amounts);
      const row = newBooking(hostId, u.venue, slot, window, {
        sectionId: u.unit.sectionId,
        sectionName: u.sectionName,
        sectionType: u.sectionType,
        dancerId: u.dancer?.dancerId ?? null,
        amounts: u.amounts,
        status: r.status,
        ...(hold ? { holdExpiresAt: new Date(Date.now() + HOLD_MINUTES * 60_000) } : {}),
        friends: r.friends,
        guestVisibility: r.guestVisibility,
      });
      if (!hold) {
        // A row made in this transaction has no friends attached to it (only a hold takes some).
        const confirmed = this.confirmedEvent(row, {
          hostFirstName: r.hostFirstName ?? null,
          friendsAttached: 0,
          capacity: u.people,
        });
        await commitWith(m, [this.bookings.insertStatement(m, row), this.outbox.statementOf(confirmed).statement]);
        return row;
      }
      await this.bookings.insert(m, row);
      await this.friends.attachToBooking(m, hostId, row.id, r.friendIds);
      // A yacht is paid in full (its total): only a section's hold names the deposit it waits for.
      const deposit = row.sectionId ? { depositAmount: money(Number(row.depositAmount)) } : {};
      const held = this.outbox.statementOf({
        type: 'bookings.booking-held',
        key: row.id,
        data: {
          bookingId: row.id,
          hostId: row.hostId,
          venueId: row.venueId,
          totalCost: money(Number(row.totalCost)),
          holdExpiresAt: row.holdExpiresAt!.toISOString(),
          ...deposit,
          sectionId: row.sectionId,
          dancerId: row.dancerId,
          startsAt: new Date(row.startsAt).toISOString(),
        },
      });
      await commitWith(m, [held.statement]);
      return row;
    });
    return toBooking(saved);
  }

  /**
   * The unit a reservation takes, under its row lock: a whole yacht (its venue row, read afresh),
   * or an active section of the venue with its chosen entertainer. A section that takes a deposit
   * is only held (paid by card first); one without is only booked directly.
   */
  private async lockUnit(m: EntityManager, venue: VenueCard, slot: Slot, hold: boolean): Promise<LockedUnit> {
    if (venue.type === 'yacht') {
      const locked = await this.catalog.lockVenue(m, venue.venueId);
      if (!locked) throw AppError.of(BOOKING_ERRORS.VENUE_NOT_FOUND);
      const amounts = yachtAmounts(yachtPrice(locked, slot.duration));
      return {
        venue: locked,
        unit: { venueId: venue.venueId, sectionId: null },
        capacity: 1,
        people: locked.capacity,
        sectionName: FULL_YACHT.sectionType,
        sectionType: FULL_YACHT.sectionType,
        dancer: null,
        amounts,
      };
    }
    const section = await this.catalog.lockSection(m, slot.sectionId!);
    if (!section || section.venueId !== venue.venueId || !section.isActive)
      throw AppError.of(BOOKING_ERRORS.SECTION_NOT_FOUND);
    if (takesDeposit(section) !== hold)
      throw AppError.of(hold ? BOOKING_ERRORS.NOT_A_YACHT : BOOKING_ERRORS.DEPOSIT_REQUIRED);
    const dancer = await this.chosenDancer(m, venue, section, slot.dancerId ?? null);
    const amounts = sectionAmounts(
      sectionPrice(section.pricePerHour, slot.duration, dancer?.priceModifier ?? null),
      section,
    );
    return {
      venue,
      unit: { venueId: venue.venueId, sectionId: section.sectionId },
      capacity: section.maxSimultaneousBookings,
      people: section.capacity,
      sectionName: section.name,
      sectionType: section.type,
      dancer,
      amounts,
    };
  }

  /** Whether the unit of a hold that expired before its payment arrived was taken meanwhile (under the unit's row lock). */
  private async slotTakenMeanwhile(m: EntityManager, b: BookingEntity): Promise<boolean> {
    const unit: Unit = { venueId: b.venueId, sectionId: b.sectionId };
    if (!b.sectionId) {
      await this.catalog.lockVenue(m, b.venueId);
      return (await this.bookings.countTaking(m, unit, b.startsAt, b.endsAt)) > 0;
    }
    const section = await this.catalog.lockSection(m, b.sectionId);
    if (!section || (await this.bookings.countTaking(m, unit, b.startsAt, b.endsAt)) >= section.maxSimultaneousBookings)
      return true;
    // Its entertainer may have been booked into another room meanwhile.
    if (!b.dancerId) return false;
    await this.catalog.lockDancer(m, b.dancerId);
    return (await this.bookings.countDancerTaking(m, b.dancerId, b.startsAt, b.endsAt)) > 0;
  }

  /** The host changes who may discover his event ('Show to Guests'); published for social. */
  async setGuestVisibility(actor: Actor, id: string, guestVisibility: string): Promise<Booking> {
    requireMember(actor);
    const saved = await this.ds.transaction(async (m) => {
      // Locked: saving a stale copy would undo a payment confirming the hold at the same moment.
      const b = await this.bookings.lockById(m, id);
      if (!b || b.hostId !== actor.userId || (b.status !== 'confirmed' && b.status !== 'held'))
        throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
      b.guestVisibility = guestVisibility;
      const row = await this.bookings.save(m, b);
      await this.outbox.add(m, 'bookings.booking-updated', b.id, { bookingId: b.id, guestVisibility });
      return row;
    });
    return toBooking(saved);
  }

  async mine(actor: Actor): Promise<Booking[]> {
    requireMember(actor);
    return (await this.bookings.listOfHost(actor.userId)).map(toBooking);
  }

  async hosted(actor: Actor): Promise<Booking[]> {
    requireMember(actor);
    return (await this.bookings.listOfHost(actor.userId, ['confirmed'])).map(toBooking);
  }

  /**
   * What the booking page greys out (docs/product.md#booking-slots): the start times of a date at which the unit is
   * full for the chosen duration, or the chosen entertainer is booked in any room, and the nights
   * of that month full at every start time for one hour. "Full" and "booked" are exactly what
   * create and hold refuse (SLOT_TAKEN, DANCER_TAKEN), from one read of the month's windows;
   * advisory only: booking still decides under the row locks. An entertainer is checked as create
   * checks him (DANCER_NOT_ALLOWED, DANCER_NOT_FOUND): the answer says only that he is busy.
   */
  async availability(
    venueId: string,
    q: { date: string; sectionId?: string; dancerId?: string; duration: number },
  ): Promise<Availability> {
    const venue = await this.publicVenue(venueId);
    let unit: Unit;
    let capacity = 1;
    let dancer: DancerCard | null = null;
    if (venue.type === 'yacht') {
      if (q.dancerId) throw AppError.of(BOOKING_ERRORS.DANCER_NOT_ALLOWED);
      unit = { venueId, sectionId: null };
    } else {
      if (!q.sectionId) throw AppError.of(BOOKING_ERRORS.SECTION_REQUIRED);
      const section = await this.catalog.section(q.sectionId);
      if (!section || section.venueId !== venueId || !section.isActive)
        throw AppError.of(BOOKING_ERRORS.SECTION_NOT_FOUND);
      unit = { venueId, sectionId: section.sectionId };
      capacity = section.maxSimultaneousBookings;
      dancer = await this.chosenDancer(this.ds.manager, venue, section, q.dancerId ?? null);
    }
    const days = nightsOfMonth(q.date);
    const from = bookingWindow(days[0]!, START_TIMES[0], 1).startsAt;
    const to = bookingWindow(days.at(-1)!, START_TIMES.at(-1)!, DURATION_HOURS.max).endsAt;
    const windows = await this.bookings.windowsTaking(unit, from, to);
    const dancerWindows = dancer ? await this.bookings.dancerWindowsTaking(dancer.dancerId, from, to) : [];
    return availabilityOf(q, { windows, capacity }, dancerWindows);
  }

  /**
   * Bookings at the owner's venues: only his (a venueId of another owner's venue filters to
   * nothing), with the host's first name from bookings' member cards.
   */
  async atMyVenues(actor: Actor, filter: OwnerBookingsQuery = {}): Promise<OwnerBooking[]> {
    requireMember(actor);
    if (actor.userType !== 'venue') throw AppError.of(AUTH_ERRORS.FORBIDDEN);
    const owned = await this.catalog.venueIdsOfOwner(actor.userId);
    const venueIds = filter.venueId ? owned.filter((id) => id === filter.venueId) : owned;
    const rows = await this.bookings.listAtVenues(venueIds, { from: filter.from, to: filter.to });
    const names = await this.catalog.firstNames([...new Set(rows.map((b) => b.hostId))]);
    return rows.map((b) => toOwnerBooking(b, names.get(b.hostId) ?? 'Member'));
  }

  /**
   * The card payment of a hold succeeded (payments' event, `amountCents` taken): the hold becomes a
   * confirmed booking that records what was paid. A hold that expired meanwhile is confirmed if its
   * slot is still free, else cancelled with the whole payment refunded; so is a payment arriving for
   * a hold its host cancelled meanwhile.
   */
  async paymentSucceeded(m: EntityManager, bookingId: string, amountCents: number): Promise<void> {
    const b = await this.bookings.lockById(m, bookingId);
    if (!b) {
      // The booking is gone (its host's account was erased meanwhile): whatever was paid for it
      // goes back in full, or a card is charged for nothing (docs/booking-lifecycle.md). Only the money
      // stream hears of it: no read model has a card of this booking.
      await this.outbox.add(m, 'bookings.refund-requested', bookingId, {
        bookingId,
        reason: 'host-deleted',
        refundAmount: amountCents,
        refundPercent: 100,
      });
      this.logger.warn({ bookingId }, 'a payment arrived for a booking that no longer exists: refunded in full');
      return;
    }
    if (b.status === 'confirmed' || b.status === 'completed') return;
    const paid = money(amountCents / 100);
    if (b.status === 'cancelled') {
      if (Number(b.amountPaid) > 0) return; // recorded (and refunded) before
      await this.cancelPaidInFull(m, b, paid, amountCents, b.cancelledAt ? 'cancelled-by-host' : 'payment-failed');
      this.logger.warn({ bookingId }, 'a payment arrived for a cancelled booking: refunded in full');
      return;
    }
    if (b.status === 'expired' || (b.status === 'held' && b.holdExpiresAt && b.holdExpiresAt.getTime() <= Date.now())) {
      if (await this.slotTakenMeanwhile(m, b)) {
        await this.cancelPaidInFull(m, b, paid, amountCents, 'hold-expired');
        this.logger.warn(
          { bookingId },
          'a payment arrived after its hold expired and the slot was taken: the booking is cancelled and refunded in full',
        );
        return;
      }
    } else if (b.status !== 'held') return;
    moveTo(b, 'confirmed');
    b.holdExpiresAt = null;
    b.amountPaid = paid;
    await this.publishConfirmed(m, await this.bookings.save(m, b));
  }

  /** A paid booking that cannot take place: cancelled, everything paid refunded (payments acts on its refund-requested). */
  private async cancelPaidInFull(
    m: EntityManager,
    b: BookingEntity,
    paid: string,
    amountCents: number,
    reason: 'hold-expired' | 'payment-failed' | 'cancelled-by-host',
  ): Promise<void> {
    if (b.status !== 'cancelled') moveTo(b, 'cancelled');
    b.amountPaid = paid;
    b.refundAmount = paid;
    b.cancelledAt = b.cancelledAt ?? new Date();
    b.holdExpiresAt = null;
    await this.bookings.save(m, b);
    await publishCancellation(this.outbox, m, {
      bookingId: b.id,
      reason,
      refundAmount: amountCents,
      refundPercent: 100,
    });
  }

  /**
   * `POST /api/bookings/{id}/cancel`: the host cancels his upcoming booking (or releases his hold).
   * The refund is the booking's policy (its snapshot) applied to what was paid, at the server's
   * clock. Under the booking's row lock: parallel or repeated requests refund once, and a booking
   * already cancelled is answered as it is.
   */
  async cancel(actor: Actor, id: string, now: () => Date = () => new Date()): Promise<Booking> {
    requireMember(actor);
    const saved = await this.ds.transaction(async (m) => {
      const b = await this.bookings.lockById(m, id);
      if (!b || b.hostId !== actor.userId) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
      if (b.status === 'cancelled') return b;
      if (b.status !== 'confirmed' && b.status !== 'held') throw AppError.of(CANCELLATION_ERRORS.NOT_CANCELLABLE);
      const at = now();
      if (new Date(b.startsAt).getTime() <= at.getTime()) throw AppError.of(CANCELLATION_ERRORS.STARTED);
      return this.cancelFor(m, b, 'cancelled-by-host', at);
    });
    return toBooking(saved);
  }

  /**
   * A card payment failed. A declined card (`retryable`) keeps the hold: the payer may try again
   * with the same PaymentIntent until the hold expires (docs/booking-lifecycle.md: releasing the slot at the
   * first decline let a retry that succeeded charge a customer whose booking was gone). A
   * PaymentIntent cancelled for good releases the held slot.
   */
  async paymentFailed(m: EntityManager, bookingId: string, retryable = false): Promise<void> {
    if (retryable) return;
    const b = await this.bookings.lockById(m, bookingId);
    if (!b || b.status !== 'held') return;
    moveTo(b, 'cancelled');
    b.cancelledAt = new Date();
    b.holdExpiresAt = null;
    await this.bookings.save(m, b);
    await publishCancellation(this.outbox, m, {
      bookingId: b.id,
      reason: 'payment-failed',
      refundAmount: 0,
      refundPercent: 100,
    });
  }

  /** Holds past their time are marked expired and their release published. */
  async releaseExpiredHolds(): Promise<number> {
    return this.ds.transaction(async (m) => {
      const expired = await this.bookings.expireHolds(m);
      for (const b of expired) await publishCancellation(this.outbox, m, { bookingId: b.id, reason: 'hold-expired' });
      return expired.length;
    });
  }

  /** The venue is gone (its owner's account, or an old venue): what was still to come there is cancelled and published. */
  async cancelAtVenue(m: EntityManager, venueId: string): Promise<void> {
    // Not the host's doing: everything paid goes back (docs/booking-lifecycle.md).
    for (const b of await this.bookings.lockLiveAtVenue(m, venueId))
      await this.cancelFor(m, b, 'venue-deleted', new Date());
  }

  /**
   * A deleted host: his upcoming bookings are cancelled as if he cancelled them (his choice: the
   * refund schedule applies; an open split's paid shares go back in full at payments), published
   * with their refunds; then every booking of his goes. Payments keeps its financial records
   * (pseudonymous ids) and refunds from them (docs/booking-lifecycle.md).
   */
  async eraseHost(m: EntityManager, userId: string): Promise<void> {
    const now = new Date();
    for (const b of await this.bookings.lockByHostForErasure(m, userId)) {
      const upcoming = new Date(b.startsAt).getTime() > now.getTime();
      if ((b.status === 'confirmed' && upcoming) || b.status === 'held')
        await this.cancelFor(m, b, 'host-deleted', now);
    }
    await this.bookings.deleteOfHost(m, userId);
  }

  /** Cancels the (locked or freshly read) booking for `reason`, with the refund its rule gives, and publishes it. */
  private async cancelFor(
    m: EntityManager,
    b: BookingEntity,
    reason: 'cancelled-by-host' | 'venue-deleted' | 'host-deleted',
    at: Date,
  ): Promise<BookingEntity> {
    const { cents, percent } = refundOnCancel(reason, b, at);
    moveTo(b, 'cancelled');
    b.cancelledAt = at;
    b.refundAmount = money(cents / 100);
    b.holdExpiresAt = null;
    const row = await this.bookings.save(m, b);
    await publishCancellation(this.outbox, m, { bookingId: b.id, reason, refundAmount: cents, refundPercent: percent });
    return row;
  }

  private async publicVenue(id: string): Promise<VenueCard> {
    const v = await this.catalog.venue(id);
    if (!v || v.approvalStatus !== 'approved' || !v.isActive) throw AppError.of(BOOKING_ERRORS.VENUE_NOT_FOUND);
    return v;
  }

  /** Not in the past, and within the booking horizon (a far date blocks a slot nobody will use). */
  private requireBookableDate(date: string): void {
    if (date < todayInNewYork()) throw AppError.of(BOOKING_ERRORS.PAST_DATE);
    if (date > lastBookableDate()) throw AppError.of(BOOKING_ERRORS.TOO_FAR);
  }

  /** Under the host's lock: at most MAX_LIVE_HOLDS holds waiting for payment at once. */
  private async requireHoldRoom(m: EntityManager, hostId: string): Promise<void> {
    if ((await this.bookings.countLiveHoldsOfHost(m, hostId)) >= MAX_LIVE_HOLDS)
      throw AppError.of(BOOKING_ERRORS.TOO_MANY_HOLDS);
  }

  /**
   * An entertainer is one person: under his row's lock, no other booking of his (in any room)
   * overlaps this window (a section's own count would let him be in two rooms).
   * Taken after the section's lock, always in that order.
   */
  private async requireDancerFree(m: EntityManager, dancerId: string, startsAt: Date, endsAt: Date): Promise<void> {
    await this.catalog.lockDancer(m, dancerId);
    if ((await this.bookings.countDancerTaking(m, dancerId, startsAt, endsAt)) > 0)
      throw AppError.of(BOOKING_ERRORS.DANCER_TAKEN);
  }

  /** Entertainers only in the VIP rooms of strip clubs, and only the venue's available ones. */
  private async chosenDancer(
    m: EntityManager,
    venue: VenueCard,
    section: SectionCard,
    dancerId: string | null,
  ): Promise<DancerCard | null> {
    if (!dancerId) return null;
    if (venue.subtype !== 'strip_club' || !section.isVipRoom) throw AppError.of(BOOKING_ERRORS.DANCER_NOT_ALLOWED);
    const d = await this.catalog.dancer(dancerId, m);
    if (!d || d.venueId !== venue.venueId || !d.isActive || !d.isAvailable)
      throw AppError.of(BOOKING_ERRORS.DANCER_NOT_FOUND);
    return d;
  }

  /**
   * `known`: what the caller has already read (a booking made in this transaction: the host's
   * first name, no friends attached, the locked unit's capacity); otherwise read here.
   */
  private async publishConfirmed(
    m: EntityManager,
    b: BookingEntity,
    known?: { hostFirstName: string | null; friendsAttached: number; capacity: number | null },
  ): Promise<void> {
    const e = this.confirmedEvent(
      b,
      known ?? {
        hostFirstName: (await this.catalog.member(b.hostId, m))?.firstName ?? null,
        friendsAttached: await this.friends.countOnBooking(m, b.id),
        capacity: await this.catalog.capacityOf(m, b),
      },
    );
    await this.outbox.add(m, e.type, e.key, e.data);
  }

  /** The booking-confirmed event of `b`, given what it cannot tell itself (its host's name, the friends added, the unit's capacity). */
  private confirmedEvent(
    b: BookingEntity,
    known: { hostFirstName: string | null; friendsAttached: number; capacity: number | null },
  ): PendingEvent<'bookings.booking-confirmed'> {
    const r = toBooking(b);
    return {
      type: 'bookings.booking-confirmed',
      key: b.id,
      data: {
        bookingId: r.id,
        hostId: r.hostId,
        hostFirstName: known.hostFirstName ?? 'Host',
        venueId: r.venueId,
        venueName: r.venueName,
        venueType: r.venueType,
        venueCity: r.venueCity,
        venueState: r.venueState,
        venueImage: r.venueImage,
        sectionType: r.sectionType,
        bookingDate: r.bookingDate,
        startTime: r.startTime,
        endTime: r.endTime,
        duration: r.duration,
        startsAt: new Date(b.startsAt).toISOString(),
        guestVisibility: r.guestVisibility,
        // The names given when booking, and the friends added to it (the yacht flow's, the confirmation's).
        friendsCount: (b.friends ?? []).length + known.friendsAttached,
        totalCost: r.totalCost,
        capacity: known.capacity,
        sectionId: r.sectionId,
        dancerId: r.dancerId,
      },
    };
  }
}
