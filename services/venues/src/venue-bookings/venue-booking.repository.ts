import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type PreparedSql, queryNamed } from '@luxe/platform/db';
import { VenueBookingEntity } from './venue-booking.entity';

/** What an upcoming booking may hold back: its venue, its section or its dancer. */
export type BookedUnit = { venueId: string } | { sectionId: string } | { dancerId: string };

/** What a held or confirmed booking's event tells of the unit it takes, and when. */
export interface BookingTaking {
  bookingId: string;
  venueId: string;
  startsAt: string;
  sectionId?: string | null;
  dancerId?: string | null;
}

/*
 * A hold or a confirmed booking kept, and a booking released: on every booking event, so written
 * out (TypeORM's upsert and delete built the statement anew each time) and sent as named
 * statements (`queryNamed`: planned once per connection).
 */
const KEEP: PreparedSql = {
  name: 'luxe_venue_booking_keep',
  types: ['uuid', 'uuid', 'timestamptz', 'uuid', 'uuid', 'text'],
  sql: `INSERT INTO venue_bookings (booking_id, venue_id, starts_at, section_id, dancer_id, status) VALUES ($1, $2, $3, $4, $5, $6)
   ON CONFLICT (booking_id) DO UPDATE SET venue_id = EXCLUDED.venue_id, starts_at = EXCLUDED.starts_at,
     section_id = EXCLUDED.section_id, dancer_id = EXCLUDED.dancer_id, status = EXCLUDED.status`,
};

const RELEASE: PreparedSql = {
  name: 'luxe_venue_booking_release',
  types: ['uuid'],
  sql: `DELETE FROM venue_bookings WHERE booking_id = $1`,
};

/** Every query on venues' read model of bookings. */
@Injectable()
export class VenueBookingRepository {
  /** A hold or a confirmed booking kept (one statement; the confirmation of a hold replaces it). */
  async keep(m: EntityManager, d: BookingTaking, status: VenueBookingEntity['status']): Promise<void> {
    await queryNamed(m, KEEP, [
      d.bookingId,
      d.venueId,
      new Date(d.startsAt),
      d.sectionId ?? null,
      d.dancerId ?? null,
      status,
    ]);
  }

  /** A booking cancelled, or a hold released: it holds nothing back any more. */
  async release(m: EntityManager, bookingId: string): Promise<void> {
    await queryNamed(m, RELEASE, [bookingId]);
  }

  /**
   * Whether a booking that starts after now takes the venue, section or dancer: a confirmed one or
   * a hold bookings has not released (one rule for deleting any of them).
   */
  async hasUpcoming(m: EntityManager, unit: BookedUnit): Promise<boolean> {
    const [column, id] =
      'venueId' in unit
        ? ['venue_id', unit.venueId]
        : 'sectionId' in unit
          ? ['section_id', unit.sectionId]
          : ['dancer_id', unit.dancerId];
    return (
      (await m.query(`SELECT 1 FROM venue_bookings WHERE ${column} = $1 AND starts_at > now() LIMIT 1`, [id])).length >
      0
    );
  }
}
