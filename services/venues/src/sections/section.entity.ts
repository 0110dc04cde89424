import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { VenueEntity } from '../venues/venue.entity';

/** A section or VIP room of a venue. The table is created by migration 1700000007000. */
@Entity('sections')
@Check('sections_max_bookings_check', `max_simultaneous_bookings >= 1`)
@Check('sections_exclusive_check', `NOT is_exclusive OR max_simultaneous_bookings = 1`)
@Check('sections_minimum_spend_check', `minimum_spend IS NULL OR minimum_spend > 0`)
@Check('sections_deposit_percent_check', `deposit_percent BETWEEN 0 AND 100`)
export class SectionEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('sections_venue_id')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @ManyToOne(() => VenueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id', foreignKeyConstraintName: 'sections_venue_id_fkey' })
  venue?: VenueEntity;

  @Column('text')
  name!: string;

  @Column('text')
  type!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  images!: string[];

  @Column('integer')
  capacity!: number;

  @Column('numeric', { name: 'price_per_hour', precision: 10, scale: 2 })
  pricePerHour!: string;

  @Column('text', { array: true, default: () => "'{}'" })
  amenities!: string[];

  @Column('boolean', { name: 'is_vip_room', default: false })
  isVipRoom!: boolean;

  @Column('boolean', { name: 'is_exclusive', default: false })
  isExclusive!: boolean;

  @Column('integer', { name: 'max_simultaneous_bookings', default: 999 })
  maxSimultaneousBookings!: number;

  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  /** Null: no minimum spend (migration 1700000026000). */
  @Column('numeric', { name: 'minimum_spend', precision: 10, scale: 2, nullable: true })
  minimumSpend!: string | null;

  /** The share of a booking's total paid by card when booking, 0 to 100. */
  @Column('integer', { name: 'deposit_percent', default: 0 })
  depositPercent!: number;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
