import type { CancellationPolicy } from '@luxe/contracts';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A booking of a section, or of a whole yacht (no section). Held while its payment runs (until
 * `holdExpiresAt`), then confirmed, cancelled or expired. Migration 1700000011000.
 */
@Entity('bookings')
@Index('bookings_unit_window', ['venueId', 'sectionId', 'startsAt'])
@Index('bookings_dancer_window', ['dancerId', 'startsAt'], { where: 'dancer_id IS NOT NULL' })
@Index('bookings_live_holds', ['hostId'], { where: `status = 'held'` })
@Check('bookings_status_check', `status IN ('held', 'confirmed', 'cancelled', 'completed', 'expired')`)
@Check('bookings_duration_check', `duration BETWEEN 1 AND 6`)
@Check('bookings_window_check', `ends_at - starts_at = duration * interval '1 hour'`)
@Check('bookings_cancellation_policy_check', `cancellation_policy IN ('flexible', 'moderate', 'strict')`)
@Check(
  'bookings_deposit_check',
  `deposit_percent BETWEEN 0 AND 100 AND deposit_amount >= 0 AND deposit_amount <= total_cost`,
)
export class BookingEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('bookings_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text', { name: 'venue_name' })
  venueName!: string;

  @Column('text', { name: 'venue_type' })
  venueType!: 'club' | 'yacht';

  @Column('text', { name: 'venue_city' })
  venueCity!: string;

  @Column('text', { name: 'venue_state' })
  venueState!: string;

  @Column('text', { name: 'venue_image' })
  venueImage!: string;

  @Column('uuid', { name: 'section_id', nullable: true })
  sectionId!: string | null;

  @Column('text', { name: 'section_name' })
  sectionName!: string;

  @Column('text', { name: 'section_type' })
  sectionType!: string;

  @Column('uuid', { name: 'dancer_id', nullable: true })
  dancerId!: string | null;

  @Column('date', { name: 'booking_date' })
  bookingDate!: string;

  @Column('text', { name: 'start_time' })
  startTime!: string;

  @Column('text', { name: 'end_time' })
  endTime!: string;

  @Column('integer')
  duration!: number;

  @Column('timestamptz', { name: 'starts_at' })
  startsAt!: Date;

  @Column('timestamptz', { name: 'ends_at' })
  endsAt!: Date;

  @Column('numeric', { name: 'total_cost', precision: 10, scale: 2 })
  totalCost!: string;

  @Column('jsonb', { default: () => "'[]'" })
  friends!: string[];

  @Column('text', { name: 'guest_visibility', default: 'both' })
  guestVisibility!: string;

  @Column('text')
  status!: 'held' | 'confirmed' | 'cancelled' | 'completed' | 'expired';

  @Column('text', { name: 'event_description', nullable: true })
  eventDescription!: string | null;

  @Index('bookings_hold_expires_at')
  @Column('timestamptz', { name: 'hold_expires_at', nullable: true })
  holdExpiresAt!: Date | null;

  /** The section's minimum spend when booked (null: none; migration 1700000027000). */
  @Column('numeric', { name: 'minimum_spend', precision: 10, scale: 2, nullable: true })
  minimumSpend!: string | null;

  /** The deposit percentage when booked (100: a yacht, paid in full). */
  @Column('integer', { name: 'deposit_percent', default: 0 })
  depositPercent!: number;

  /** Paid by card when booking; the balance (total − deposit) is paid at the venue. */
  @Column('numeric', { name: 'deposit_amount', precision: 10, scale: 2, default: 0 })
  depositAmount!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** The venue's policy when booked (migration 1700000024000). */
  @Column('text', { name: 'cancellation_policy', default: 'moderate' })
  cancellationPolicy!: CancellationPolicy;

  /** What the card payment took (0 for a club booking confirmed without payment). */
  @Column('numeric', { name: 'amount_paid', precision: 10, scale: 2, default: 0 })
  amountPaid!: string;

  @Column('numeric', { name: 'refund_amount', precision: 10, scale: 2, nullable: true })
  refundAmount!: string | null;

  @Column('timestamptz', { name: 'cancelled_at', nullable: true })
  cancelledAt!: Date | null;
}
