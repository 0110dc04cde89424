import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A member the venue's owner lets check guests in at that venue, and nothing else (migration 1700000042700). */
@Entity('door_staff')
export class DoorStaffEntity {
  @PrimaryColumn('uuid', { name: 'venue_id' })
  venueId!: string;

  @Index('door_staff_user_id')
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('timestamptz', { name: 'added_at', default: () => 'now()' })
  addedAt!: Date;
}
