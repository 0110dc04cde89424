import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { InviteStatus } from '@luxe/contracts';

/** A host's invite to a member, optionally to one of his events. Migrations 1700000018000, 1700000033100 (cancelled). */
@Entity('invites')
@Check('invites_status_check', `status IN ('pending', 'accepted', 'declined', 'cancelled')`)
// One pending invite per host, guest and event (or per pair without an event): the database decides races.
@Index('invites_pending_event', ['hostId', 'guestId', 'bookingId'], {
  unique: true,
  where: `status = 'pending' AND booking_id IS NOT NULL`,
})
@Index('invites_pending_pair', ['hostId', 'guestId'], {
  unique: true,
  where: `status = 'pending' AND booking_id IS NULL`,
})
// A member's received and sent invites, newest first, paged (migration 1700000047300).
@Index('invites_guest_page', ['guestId', 'createdAt', 'id'])
@Index('invites_host_page', ['hostId', 'createdAt', 'id'])
export class InviteEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Column('uuid', { name: 'guest_id' })
  guestId!: string;

  @Column('uuid', { name: 'booking_id', nullable: true })
  bookingId!: string | null;

  @Column('text')
  status!: InviteStatus;

  @Column('text', { name: 'event_title' })
  eventTitle!: string;

  @Column('text', { name: 'event_description', default: '' })
  eventDescription!: string;

  @Column('text', { name: 'event_date' })
  eventDate!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt!: Date | null;
}
