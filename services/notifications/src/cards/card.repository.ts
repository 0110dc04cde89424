import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { erasureKey, type LiteralStatement, preparedStatement, type PreparedSql } from '@luxe/platform/db';

export interface MemberCard {
  userId: string;
  firstName: string;
  email: string | null;
  userType: string;
  unsubscribeToken: string;
}
export interface BookingCard {
  bookingId: string;
  hostId: string;
  venueName: string | null;
  bookingDate: string | null;
  startTime: string | null;
  /** When it starts (from its confirmation): the reminders count back from it. */
  startsAt?: Date | null;
  cancelled?: boolean;
}
/*
 * The statements sent for (nearly) every booking event, with others in one query
 * (`queryAtOnce`): prepared once per connection (`executeSql`), as sent as text they were planned
 * again every time, and planning them cost about what running them did.
 */
const EMAIL_RECIPIENT: PreparedSql = {
  name: 'luxe_email_recipient',
  types: ['uuid', 'text'],
  sql: `SELECT user_id AS "userId", first_name AS "firstName", email, user_type AS "userType", unsubscribe_token AS "unsubscribeToken",
          COALESCE((SELECT p.enabled FROM email_preferences p WHERE p.user_id = c.user_id AND p.kind = $2), true) AS wants
     FROM member_cards c WHERE c.user_id = $1`,
};
const UPSERT_BOOKING: PreparedSql = {
  name: 'luxe_booking_card',
  types: ['uuid', 'uuid', 'text', 'text', 'text', 'timestamptz'],
  sql: `INSERT INTO booking_cards (booking_id, host_id, venue_name, booking_date, start_time, starts_at) VALUES ($1, $2, $3, $4, $5, $6)
   ON CONFLICT (booking_id) DO UPDATE SET host_id = EXCLUDED.host_id, venue_name = COALESCE(EXCLUDED.venue_name, booking_cards.venue_name),
     booking_date = COALESCE(EXCLUDED.booking_date, booking_cards.booking_date), start_time = COALESCE(EXCLUDED.start_time, booking_cards.start_time),
     starts_at = COALESCE(EXCLUDED.starts_at, booking_cards.starts_at)`,
};

export interface VenueCard {
  venueId: string;
  ownerId: string;
  name: string;
}

/**
 * The read models notifications keeps from the other services' events: whom to tell (a booking's
 * host, a venue's owner, a member's email) and what to call things. Writes run in the event's
 * inbox transaction.
 */
@Injectable()
export class CardRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Saves a member's card, unless he was erased (a late or replayed event must not bring him
   * back). The email comes with `user-registered` only: a later profile update keeps it; the
   * unsubscribe token is made once.
   */
  async upsertMember(
    m: EntityManager,
    c: { userId: string; firstName: string; userType: string; email: string | null },
  ): Promise<void> {
    await m.query(
      `INSERT INTO member_cards (user_id, first_name, email, user_type, unsubscribe_token)
       SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM user_erasures WHERE user_key = $6)
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, user_type = EXCLUDED.user_type,
         email = COALESCE(EXCLUDED.email, member_cards.email), updated_at = now()`,
      [c.userId, c.firstName, c.email, c.userType, randomBytes(24).toString('base64url'), erasureKey(c.userId)],
    );
  }

  async member(userId: string, m: EntityManager = this.ds.manager): Promise<MemberCard | null> {
    const rows: MemberCard[] = await m.query(
      `SELECT user_id AS "userId", first_name AS "firstName", email, user_type AS "userType", unsubscribe_token AS "unsubscribeToken" FROM member_cards WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Whom an email of `kind` goes to: the member's card and whether he wants that kind (on unless
   * he turned it off), in one round trip (the notification's transaction read them one by one).
   */
  async emailRecipient(
    m: EntityManager,
    userId: string,
    kind: string,
  ): Promise<(MemberCard & { wants: boolean }) | null> {
    const st = this.emailRecipientStatement(userId, kind);
    return CardRepository.recipient(await m.query(st.sql, [...st.values]));
  }
  /** `emailRecipient`'s statement, to send with others (`queryAtOnce`); `CardRepository.recipient` reads its rows. */
  emailRecipientStatement(userId: string, kind: string): LiteralStatement {
    return preparedStatement(EMAIL_RECIPIENT, [userId, kind]);
  }
  static recipient(rows: readonly unknown[]): (MemberCard & { wants: boolean }) | null {
    return (rows[0] as MemberCard & { wants: boolean }) ?? null;
  }

  async memberByToken(token: string): Promise<MemberCard | null> {
    const rows: MemberCard[] = await this.ds.query(
      `SELECT user_id AS "userId", first_name AS "firstName", email, user_type AS "userType", unsubscribe_token AS "unsubscribeToken" FROM member_cards WHERE unsubscribe_token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  /** A booking's card; later events fill in what the first one lacked (a hold knows no venue name). */
  async upsertBooking(m: EntityManager, b: BookingCard): Promise<void> {
    const st = this.upsertBookingStatement(b);
    await m.query(st.sql, [...st.values]);
  }
  /** `upsertBooking`'s statement, to send with others. */
  upsertBookingStatement(b: BookingCard): LiteralStatement {
    return preparedStatement(UPSERT_BOOKING, [
      b.bookingId,
      b.hostId,
      b.venueName,
      b.bookingDate,
      b.startTime,
      b.startsAt ?? null,
    ]);
  }

  async booking(m: EntityManager, bookingId: string): Promise<BookingCard | null> {
    const rows: BookingCard[] = await m.query(
      `SELECT booking_id AS "bookingId", host_id AS "hostId", venue_name AS "venueName", booking_date AS "bookingDate", start_time AS "startTime", starts_at AS "startsAt", cancelled FROM booking_cards WHERE booking_id = $1`,
      [bookingId],
    );
    return rows[0] ?? null;
  }

  async markCancelled(m: EntityManager, bookingId: string): Promise<void> {
    await m.query(`UPDATE booking_cards SET cancelled = true WHERE booking_id = $1`, [bookingId]);
  }

  /** A guest going to the booking's event (approved, or accepted an invite to it); removed when taken off the list. */
  async addGuest(m: EntityManager, bookingId: string, userId: string): Promise<void> {
    await m.query(
      `INSERT INTO booking_guests (booking_id, user_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM user_erasures WHERE user_key = $3) ON CONFLICT DO NOTHING`,
      [bookingId, userId, erasureKey(userId)],
    );
  }

  async removeGuest(m: EntityManager, bookingId: string, userId: string): Promise<void> {
    await m.query(`DELETE FROM booking_guests WHERE booking_id = $1 AND user_id = $2`, [bookingId, userId]);
  }

  async guests(m: EntityManager, bookingId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await m.query(
      `SELECT user_id FROM booking_guests WHERE booking_id = $1 ORDER BY user_id`,
      [bookingId],
    );
    return rows.map((r) => r.user_id);
  }

  async upsertVenue(m: EntityManager, v: VenueCard): Promise<void> {
    await m.query(
      `INSERT INTO venue_cards (venue_id, owner_id, name) VALUES ($1, $2, $3) ON CONFLICT (venue_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, name = EXCLUDED.name`,
      [v.venueId, v.ownerId, v.name],
    );
  }

  async venue(m: EntityManager, venueId: string): Promise<VenueCard | null> {
    const rows: VenueCard[] = await m.query(
      `SELECT venue_id AS "venueId", owner_id AS "ownerId", name FROM venue_cards WHERE venue_id = $1`,
      [venueId],
    );
    return rows[0] ?? null;
  }

  async removeVenue(m: EntityManager, venueId: string): Promise<void> {
    await m.query(`DELETE FROM venue_cards WHERE venue_id = $1`, [venueId]);
  }

  /**
   * Everything the service holds of a deleted member: his card, bookings, venues, notifications,
   * preferences and emails, and the pushes of his notifications still in the outbox (kept there a
   * while after they are published; they carry his words and id, and he has no socket any more).
   */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.query(
      `DELETE FROM outbox_events WHERE type IN ('notifications.notification-created', 'notifications.notifications-read') AND envelope->'data'->>'userId' = $1`,
      [userId],
    );
    for (const [table, column] of [
      ['member_cards', 'user_id'],
      ['booking_cards', 'host_id'],
      ['venue_cards', 'owner_id'],
      ['notifications', 'user_id'],
      ['booking_guests', 'user_id'],
      ['email_preferences', 'user_id'],
      ['email_outbox', 'user_id'],
      ['demo_emails', 'user_id'],
    ] as const)
      await m.query(`DELETE FROM ${table} WHERE ${column} = $1`, [userId]);
  }
}
