import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { JoinRequestStatus } from '@luxe/contracts';

/** A guest's request to join a host's event. Migrations 1700000015000, 1700000030000 (waitlist), 1700000033100 (cancelled). */
@Entity('event_join_requests')
@Check(
  'event_join_requests_status_check',
  `status IN ('pending', 'approved', 'declined', 'waitlisted', 'left', 'removed', 'cancelled')`,
)
@Index('event_join_requests_booking_status', ['bookingId', 'status'])
@Index('event_join_requests_open', ['guestId', 'bookingId'], { unique: true, where: `status = 'pending'` })
export class JoinRequestEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('event_join_requests_guest_id')
  @Column('uuid', { name: 'guest_id' })
  guestId!: string;

  @Index('event_join_requests_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Index('event_join_requests_booking_id')
  @Column('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Column('text')
  status!: JoinRequestStatus;

  @Column('text', { nullable: true })
  message!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Approved (also when promoted from the waitlist) or declined: approved guests are listed in this order. */
  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  /** Put on the waitlist: its order (first in, first promoted). */
  @Column('timestamptz', { name: 'waitlisted_at', nullable: true })
  waitlistedAt!: Date | null;

  /** Left, removed, or cancelled with its booking. */
  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt!: Date | null;
}
