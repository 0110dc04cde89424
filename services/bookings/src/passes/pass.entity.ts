import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { BookingEntity } from '../bookings/booking.entity';
import type { PassAttendeeKind } from '@luxe/contracts';

/**
 * An attendee's door pass for a booking: made the first time it is asked for (its token is
 * signed, not stored; the door code is stored, unique), used once at the door (`checked_in_at`,
 * set by a conditional update). Migration 1700000032000.
 */
@Entity('passes')
@Unique('passes_attendee', ['bookingId', 'kind', 'attendeeId'])
@Check('passes_kind_check', `attendee_kind IN ('host', 'guest', 'friend')`)
export class PassEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'booking_id' })
  bookingId!: string;

  /** Deleted with its booking (migration: REFERENCES bookings ON DELETE CASCADE). */
  @ManyToOne(() => BookingEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'booking_id', foreignKeyConstraintName: 'passes_booking_id_fkey' })
  booking?: BookingEntity;

  @Column('text', { name: 'attendee_kind' })
  kind!: PassAttendeeKind;

  /** The host's or guest's user id, or the friend's id. */
  @Index('passes_attendee_id')
  @Column('uuid', { name: 'attendee_id' })
  attendeeId!: string;

  @Index('passes_code', { unique: true })
  @Column('text')
  code!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'checked_in_at', nullable: true })
  checkedInAt!: Date | null;

  /** The owner who checked it in. */
  @Column('uuid', { name: 'checked_in_by', nullable: true })
  checkedInBy!: string | null;
}
