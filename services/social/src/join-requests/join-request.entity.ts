import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A guest's request to join a host's event. Migration 1700000015000. */
@Entity('event_join_requests')
@Check('event_join_requests_status_check', `status IN ('pending', 'approved', 'declined')`)
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
  status!: 'pending' | 'approved' | 'declined';

  @Column('text', { nullable: true })
  message!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;
}
