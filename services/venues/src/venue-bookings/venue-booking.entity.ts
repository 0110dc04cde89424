import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A booking at a venue, as far as venues needs it (may the venue, a section, a dancer be
 * deleted?): confirmed, or a hold bookings has not yet released. Migrations 1700000009000 and
 * 1700000036000.
 */
@Entity('venue_bookings')
@Index('venue_bookings_venue_starts', ['venueId', 'startsAt'])
@Index('venue_bookings_section_starts', ['sectionId', 'startsAt'], { where: 'section_id IS NOT NULL' })
@Index('venue_bookings_dancer_starts', ['dancerId', 'startsAt'], { where: 'dancer_id IS NOT NULL' })
export class VenueBookingEntity {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('timestamptz', { name: 'starts_at' })
  startsAt!: Date;

  /** Null: a whole yacht, or a booking whose event predates the field. */
  @Column('uuid', { name: 'section_id', nullable: true })
  sectionId!: string | null;

  @Column('uuid', { name: 'dancer_id', nullable: true })
  dancerId!: string | null;

  @Column('text', { default: 'confirmed' })
  status!: 'confirmed' | 'held';
}
