import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A confirmed event guests may discover and ask to join (from bookings' events). Migration 1700000014000. */
@Entity('event_cards')
@Index('event_cards_place_starts', ['venueCity', 'venueState', 'startsAt'])
// Discovery's pages by city (migration 1700000047200): a functional index TypeORM cannot describe.
@Index('event_cards_city_starts', { synchronize: false })
export class EventCard {
  @PrimaryColumn('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Index('event_cards_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Column('text', { name: 'host_first_name' })
  hostFirstName!: string;

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

  @Column('text', { name: 'section_type' })
  sectionType!: string;

  @Column('text', { name: 'booking_date' })
  bookingDate!: string;

  @Column('text', { name: 'start_time' })
  startTime!: string;

  @Column('text', { name: 'end_time' })
  endTime!: string;

  @Column('integer')
  duration!: number;

  @Column('timestamptz', { name: 'starts_at' })
  startsAt!: Date;

  @Column('text', { name: 'guest_visibility' })
  guestVisibility!: string;

  @Column('integer', { name: 'friends_count' })
  friendsCount!: number;

  /** People the booked section (or yacht) holds, from booking-confirmed (migration 1700000030000; null when not told). */
  @Column('integer', { nullable: true })
  capacity!: number | null;

  /** The host's guest limit (docs/product.md#social-guest-list): approvals past it are waitlisted; null: no limit. */
  @Column('integer', { name: 'guest_limit', nullable: true })
  guestLimit!: number | null;
}

/** What social shows of a member (from identity's events). */
@Entity('member_cards')
export class MemberCard {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

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

  @Column('integer', { nullable: true })
  age!: number | null;

  @Column('text', { nullable: true })
  bio!: string | null;

  /** Migration 1700000018000: discovery matches it against an event's guest visibility. */
  @Column('text', { nullable: true })
  gender!: string | null;

  /** The verified badge (docs/product.md#accounts-verification): the member opened the link sent to his email. */
  @Column('boolean', { name: 'email_verified', default: false })
  emailVerified!: boolean;
}
