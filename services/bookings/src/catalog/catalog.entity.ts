import type { CancellationPolicy } from '@luxe/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What bookings keeps of a venue (from the venues service's events). Migration 1700000010000. */
@Entity('venue_cards')
export class VenueCard {
  @PrimaryColumn('uuid', { name: 'venue_id' })
  venueId!: string;

  @Index('venue_cards_owner_id')
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

  @Column('numeric', { name: 'price_per_hour', precision: 10, scale: 2 })
  pricePerHour!: string;

  @Column('jsonb', { name: 'pricing_tiers', default: () => "'[]'" })
  pricingTiers!: { hours: number; price: number }[];

  @Column('text', { name: 'image_url' })
  imageUrl!: string;

  @Column('text', { name: 'approval_status' })
  approvalStatus!: 'pending' | 'approved' | 'rejected';

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;

  /** People the venue holds (a yacht's capacity is its booking's; migration 1700000029000; null before it). */
  @Column('integer', { nullable: true })
  capacity!: number | null;
  /** The venue's cancellation policy; a booking copies it (migration 1700000024000). */
  @Column('text', { name: 'cancellation_policy', default: 'moderate' })
  cancellationPolicy!: CancellationPolicy;
}

/** What bookings keeps of a section (capacity and price). */
@Entity('section_cards')
export class SectionCard {
  @PrimaryColumn('uuid', { name: 'section_id' })
  sectionId!: string;

  @Index('section_cards_venue_id')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text')
  name!: string;

  @Column('text')
  type!: string;

  @Column('numeric', { name: 'price_per_hour', precision: 10, scale: 2 })
  pricePerHour!: string;

  @Column('boolean', { name: 'is_vip_room' })
  isVipRoom!: boolean;

  @Column('integer', { name: 'max_simultaneous_bookings' })
  maxSimultaneousBookings!: number;

  /** People the section holds (migration 1700000029000; null before it). */
  @Column('integer', { nullable: true })
  capacity!: number | null;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;

  /** Null: no minimum spend (migration 1700000027000). */
  @Column('numeric', { name: 'minimum_spend', precision: 10, scale: 2, nullable: true })
  minimumSpend!: string | null;

  /** The share of the total paid by card when booking (0: booked without paying). */
  @Column('integer', { name: 'deposit_percent', default: 0 })
  depositPercent!: number;
}

/** What bookings keeps of an entertainer (the price modifier). */
@Entity('dancer_cards')
export class DancerCard {
  @PrimaryColumn('uuid', { name: 'dancer_id' })
  dancerId!: string;

  @Index('dancer_cards_venue_id')
  @Column('uuid', { name: 'venue_id' })
  venueId!: string;

  @Column('text')
  name!: string;

  @Column('numeric', { name: 'price_modifier', precision: 3, scale: 2 })
  priceModifier!: string;

  @Column('boolean', { name: 'is_available' })
  isAvailable!: boolean;

  @Column('boolean', { name: 'is_active' })
  isActive!: boolean;
}

/** A member's first name (booking-confirmed carries the host's). */
@Entity('member_cards')
export class MemberCard {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  /** From `user-registered` (null for members registered before migration 1700000042700): door staff are named by it. */
  @Index('member_cards_email')
  @Column('text', { nullable: true })
  email!: string | null;
}
