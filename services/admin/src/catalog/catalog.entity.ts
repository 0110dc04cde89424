import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The admin's read models, built from the other services' events. Migration 1700000020000. */

/** A member (never his password), with the admin's suspension. */
@Entity('admin_users')
@Index('admin_users_created', ['createdAt'])
export class AdminUserRow {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'last_name' })
  lastName!: string;

  @Column('text', { name: 'user_type' })
  userType!: string;

  @Column('text')
  city!: string;

  @Column('text')
  state!: string;

  @Column('text', { name: 'profile_images', array: true, default: () => "'{}'" })
  profileImages!: string[];

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'suspended_at', nullable: true })
  suspendedAt!: Date | null;

  @Column('text', { name: 'suspended_reason', nullable: true })
  suspendedReason!: string | null;
}

@Entity('admin_venues')
export class AdminVenueRow {
  @PrimaryColumn('uuid', { name: 'venue_id' })
  venueId!: string;

  @Index('admin_venues_owner_id')
  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  type!: 'club' | 'yacht';

  @Column('text', { nullable: true })
  subtype!: string | null;

  @Column('text')
  city!: string;

  @Column('text')
  state!: string;

  @Column('text', { name: 'image_url' })
  imageUrl!: string;

  @Column('text', { name: 'price_per_hour' })
  pricePerHour!: string;

  @Column('integer')
  capacity!: number;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;

  @Column('text', { name: 'approval_status' })
  approvalStatus!: 'pending' | 'approved' | 'rejected';

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

@Entity('admin_sections')
export class AdminSectionRow {
  @PrimaryColumn('uuid', { name: 'section_id' })
  sectionId!: string;

  @Index('admin_sections_venue_id')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  type!: string;

  @Column('text', { name: 'price_per_hour' })
  pricePerHour!: string;

  @Column('integer')
  capacity!: number;

  @Column('boolean', { name: 'is_vip_room' })
  isVipRoom!: boolean;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;
}

@Entity('admin_dancers')
export class AdminDancerRow {
  @PrimaryColumn('uuid', { name: 'dancer_id' })
  dancerId!: string;

  @Index('admin_dancers_venue_id')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text')
  name!: string;

  @Column('uuid', { name: 'entertainer_user_id', nullable: true })
  entertainerUserId!: string | null;

  @Column('text', { name: 'image_url' })
  imageUrl!: string;

  @Column('text', { name: 'price_modifier' })
  priceModifier!: string;

  @Column('boolean', { name: 'is_available' })
  isAvailable!: boolean;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;
}

@Entity('admin_assignments')
export class AdminAssignmentRow {
  @PrimaryColumn('uuid', { name: 'assignment_id' })
  assignmentId!: string;

  @Index('admin_assignments_section_id')
  @Column('uuid', { name: 'section_id' })
  sectionId!: string;

  @Column('uuid', { name: 'dancer_id' })
  dancerId!: string;

  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('uuid', { name: 'entertainer_user_id', nullable: true })
  entertainerUserId!: string | null;

  @Column('text')
  status!: 'proposed' | 'accepted' | 'declined' | 'revoked';

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'responded_at', nullable: true })
  respondedAt!: Date | null;
}

/** A member's report (from social), and what an admin decided. */
@Entity('admin_reports')
@Index('admin_reports_status_created', ['status', 'createdAt'])
export class AdminReportRow {
  @PrimaryColumn('uuid', { name: 'report_id' })
  reportId!: string;

  @Column('text')
  kind!: 'user' | 'message';

  @Column('uuid', { name: 'reporter_id' })
  reporterId!: string;

  @Index('admin_reports_reported_user_id')
  @Column('uuid', { name: 'reported_user_id' })
  reportedUserId!: string;

  @Column('text')
  reason!: string;

  @Column('text', { nullable: true })
  details!: string | null;

  @Column('text', { nullable: true })
  content!: string | null;

  @Column('uuid', { name: 'message_id', nullable: true })
  messageId!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('text', { default: 'open' })
  status!: 'open' | 'resolved' | 'dismissed';

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  @Column('uuid', { name: 'decided_by', nullable: true })
  decidedBy!: string | null;

  @Column('text', { nullable: true })
  note!: string | null;
}

/** The admin's read models, for the service definition's entity list. */
export const ADMIN_CATALOG_ENTITIES = [
  AdminUserRow,
  AdminVenueRow,
  AdminSectionRow,
  AdminDancerRow,
  AdminAssignmentRow,
  AdminReportRow,
];
