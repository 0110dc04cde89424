import type { CancellationPolicy } from '@luxe/contracts';
import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A listed venue. The table is created by migration 1700000006000; the drift test keeps them equal. */
@Entity('venues')
@Check('venues_type_check', `type IN ('club', 'yacht')`)
@Check('venues_approval_check', `approval_status IN ('pending', 'approved', 'rejected')`)
@Check('venues_capacity_check', `capacity >= 1`)
@Check('venues_cancellation_policy_check', `cancellation_policy IN ('flexible', 'moderate', 'strict')`)
// The public list's pages by city (migration 1700000047100): a functional index TypeORM cannot describe.
@Index('venues_public_city_created', { synchronize: false })
export class VenueEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('venues_owner_id')
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

  @Column('text')
  address!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  images!: string[];

  @Column('text', { array: true, default: () => "'{}'" })
  amenities!: string[];

  @Column('integer')
  capacity!: number;

  /** numeric(10,2): read as a string, exact. */
  @Column('numeric', { name: 'price_per_hour', precision: 10, scale: 2 })
  pricePerHour!: string;

  @Column('numeric', { precision: 3, scale: 2, default: '0' })
  rating!: string;

  @Column('text', { nullable: true })
  hours!: string | null;

  @Column('double precision', { name: 'yacht_length', nullable: true })
  yachtLength!: number | null;

  @Column('boolean', { name: 'has_captain', default: false })
  hasCaptain!: boolean;

  @Column('integer', { name: 'response_rate', nullable: true })
  responseRate!: number | null;

  /** flexible, moderate or strict (migration 1700000023000). */
  @Column('text', { name: 'cancellation_policy', default: 'moderate' })
  cancellationPolicy!: CancellationPolicy;

  @Column('text', { array: true, default: () => "'{}'" })
  rules!: string[];

  /** One JSON text `{"hours":n,"price":p}` per tier (legacy 'n:p' text is read too). */
  @Column('text', { name: 'pricing_tiers', array: true, default: () => "'{}'" })
  pricingTiers!: string[];

  @Column('text', { name: 'approval_status', default: 'pending' })
  approvalStatus!: 'pending' | 'approved' | 'rejected';

  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
