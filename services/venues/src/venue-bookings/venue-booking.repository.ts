import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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

/** Every query on venues' read model of bookings. */
@Injectable()
export class VenueBookingRepository {
  /** A hold or a confirmed booking kept (one statement; the confirmation of a hold replaces it). */
  async keep(m: EntityManager, d: BookingTaking, status: VenueBookingEntity['status']): Promise<void> {
    await m.upsert(
      VenueBookingEntity,
      {
        bookingId: d.bookingId,
        venueId: d.venueId,
        startsAt: new Date(d.startsAt),
        sectionId: d.sectionId ?? null,
        dancerId: d.dancerId ?? null,
        status,
      },
      ['bookingId'],
    );
  }

  /** A booking cancelled, or a hold released: it holds nothing back any more. */
  async release(m: EntityManager, bookingId: string): Promise<void> {
    await m.delete(VenueBookingEntity, { bookingId });
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
