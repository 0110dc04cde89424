import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A guest approved to a booking (social's join request approved, or invite accepted for it): who,
 * besides the host, may download the booking's calendar file and has a door pass. Migrations
 * 1700000013000, 1700000033200 (`via`).
 */
@Entity('booking_attendees')
export class BookingAttendee {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Index('booking_attendees_user_id')
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  /** The ids of the approved join requests and accepted invites admitting him: he is one while any is left. */
  @Column('text', { array: true, default: () => "'{}'" })
  via!: string[];
}
