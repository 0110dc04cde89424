import { Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A guest approved to a booking (social's join request approved, or invite accepted for it): who,
 * besides the host, may download the booking's calendar file. Migration 1700000013000.
 */
@Entity('booking_attendees')
export class BookingAttendee {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Index('booking_attendees_user_id')
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;
}
