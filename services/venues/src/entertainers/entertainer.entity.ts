import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SectionEntity } from '../sections/section.entity';
import { DancerEntity } from '../staff/staff.entity';
import { VenueEntity } from '../venues/venue.entity';

/** An entertainer's request to be attached to a strip club (docs/product.md#entertainers). Migration 1700000021000. */
@Entity('entertainer_venue_requests')
@Check('entertainer_venue_requests_status_check', `status IN ('pending', 'approved', 'declined')`)
@Index('entertainer_venue_requests_open', ['entertainerUserId', 'venueId'], {
  unique: true,
  where: `status = 'pending'`,
})
export class EntertainerRequestEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('entertainer_venue_requests_user')
  @Column('uuid', { name: 'entertainer_user_id' })
  entertainerUserId!: string;

  @Index('entertainer_venue_requests_venue')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @ManyToOne(() => VenueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id', foreignKeyConstraintName: 'entertainer_venue_requests_venue_id_fkey' })
  venue?: VenueEntity;

  @Column('text')
  status!: 'pending' | 'approved' | 'declined';

  /** The dancer profile the approval linked. */
  @Column('uuid', { name: 'dancer_id', nullable: true })
  dancerId!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt!: Date | null;
}

/** A dancer proposed for a VIP room (docs/product.md#entertainers): proposed → accepted | declined | revoked; one current per room. */
@Entity('vip_room_assignments')
@Check('vip_room_assignments_status_check', `status IN ('proposed', 'accepted', 'declined', 'revoked')`)
@Index('vip_room_assignments_current', ['sectionId'], { unique: true, where: `status IN ('proposed', 'accepted')` })
export class VipAssignmentEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('vip_room_assignments_section')
  @Column('uuid', { name: 'section_id' })
  sectionId!: string;

  @ManyToOne(() => SectionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'section_id', foreignKeyConstraintName: 'vip_room_assignments_section_id_fkey' })
  section?: SectionEntity;

  @Index('vip_room_assignments_dancer')
  @Column('uuid', { name: 'dancer_id' })
  dancerId!: string;

  @ManyToOne(() => DancerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dancer_id', foreignKeyConstraintName: 'vip_room_assignments_dancer_id_fkey' })
  dancer?: DancerEntity;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('uuid', { name: 'entertainer_user_id', nullable: true })
  entertainerUserId!: string | null;

  @Column('text')
  status!: 'proposed' | 'accepted' | 'declined' | 'revoked';

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt!: Date | null;
}

/** What venues shows of an entertainer (from identity's events; entertainers only). */
@Entity('entertainer_cards')
export class EntertainerCard {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'last_name' })
  lastName!: string;

  @Column('text', { name: 'profile_images', array: true, default: () => "'{}'" })
  profileImages!: string[];
}
