import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What an upcoming booking may hold back: its venue, its section or its dancer. */
export type BookedUnit = { venueId: string } | { sectionId: string } | { dancerId: string };

/** Every query on venues' read model of bookings. */
@Injectable()
export class VenueBookingRepository {
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
