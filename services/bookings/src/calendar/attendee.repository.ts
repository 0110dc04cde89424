import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BookingAttendee } from './attendee.entity';

/** Every query on the guests approved to bookings. */
@Injectable()
export class AttendeeRepository {
  constructor(private readonly ds: DataSource) {}

  /** The guest is admitted to the booking by `via` (a join request or invite id); again is a no-op: events may come twice. */
  async add(m: EntityManager, bookingId: string, userId: string, via: string): Promise<void> {
    await m.query(
      `INSERT INTO booking_attendees (booking_id, user_id, via) VALUES ($1, $2, ARRAY[$3::text])
       ON CONFLICT (booking_id, user_id) DO UPDATE SET via = booking_attendees.via || $3::text WHERE NOT ($3::text = ANY (booking_attendees.via))`,
      [bookingId, userId, via],
    );
  }

  /**
   * `via` no longer admits the guest (he left or was removed through that request): he stays an
   * attendee while something else admits him (another request, an accepted invite). Again is a no-op.
   */
  async remove(m: EntityManager, bookingId: string, userId: string, via: string): Promise<void> {
    await m.query(
      `WITH gone AS (DELETE FROM booking_attendees WHERE booking_id = $1 AND user_id = $2 AND via <@ ARRAY[$3::text])
       UPDATE booking_attendees SET via = array_remove(via, $3::text) WHERE booking_id = $1 AND user_id = $2 AND NOT (via <@ ARRAY[$3::text])`,
      [bookingId, userId, via],
    );
  }

  async has(bookingId: string, userId: string): Promise<boolean> {
    return this.ds.manager.exists(BookingAttendee, { where: { bookingId, userId } });
  }

  /** A deleted member: his places at others' bookings, and the guests of his own bookings (before those go). */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(
      `DELETE FROM booking_attendees WHERE user_id = $1 OR booking_id IN (SELECT id FROM bookings WHERE host_id = $1)`,
      [userId],
    );
  }
}
