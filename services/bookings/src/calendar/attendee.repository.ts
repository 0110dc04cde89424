import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { BookingAttendee } from './attendee.entity';

/** Every query on the guests approved to bookings. */
@Injectable()
export class AttendeeRepository {
  constructor(private readonly ds: DataSource) {}

  /** The guest is approved to the booking (again is a no-op: events may come twice). */
  async add(m: EntityManager, bookingId: string, userId: string): Promise<void> {
    await m.createQueryBuilder().insert().into(BookingAttendee).values({ bookingId, userId }).orIgnore().execute();
  }

  /** The guest is no longer at the booking (again is a no-op). */
  async remove(m: EntityManager, bookingId: string, userId: string): Promise<void> {
    await m.delete(BookingAttendee, { bookingId, userId });
  }

  async has(bookingId: string, userId: string): Promise<boolean> {
    return this.ds.manager.exists(BookingAttendee, { where: { bookingId, userId } });
  }

  /** A deleted member: his places at others' bookings, and the guests of his own bookings (before those go). */
  async eraseUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM booking_attendees WHERE user_id = $1 OR booking_id IN (SELECT id FROM bookings WHERE host_id = $1)`, [userId]);
  }
}
