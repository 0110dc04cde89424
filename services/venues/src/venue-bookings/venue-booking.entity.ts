import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A confirmed booking at a venue, as far as venues needs it (may the venue be deleted?). Migration 1700000009000. */
@Entity('venue_bookings')
@Index('venue_bookings_venue_starts', ['venueId', 'startsAt'])
export class VenueBookingEntity {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('timestamptz', { name: 'starts_at' })
  startsAt!: Date;
}
