import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A host's and a guest's conversation, about an event (one per pair and event) or, opened by an
 * invite without an event, about none (one per pair). Migrations 1700000016000, 1700000019000.
 */
@Entity('conversations')
@Index('conversations_pair_booking', ['hostId', 'guestId', 'bookingId'], {
  unique: true,
  where: 'booking_id IS NOT NULL',
})
@Index('conversations_pair_only', ['hostId', 'guestId'], { unique: true, where: 'booking_id IS NULL' })
export class ConversationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('conversations_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Index('conversations_guest_id')
  @Column('uuid', { name: 'guest_id' })
  guestId!: string;

  @Column('uuid', { name: 'booking_id', nullable: true })
  bookingId!: string | null;

  @Column('timestamptz', { name: 'last_message_at', nullable: true })
  lastMessageAt!: Date | null;

  /** The event's title (an invite's) or venue (a join request's), and its day; null without an event (migration 1700000042600). */
  @Column('text', { name: 'event_title', nullable: true })
  eventTitle!: string | null;

  @Column('text', { name: 'event_date', nullable: true })
  eventDate!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A message of a conversation. */
@Entity('messages')
@Index('messages_conversation_page', ['conversationId', 'createdAt', 'id'])
@Index('messages_unread', ['conversationId'], { where: 'NOT read' })
export class MessageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'conversation_id' })
  conversationId!: string;

  @Index('messages_sender_id')
  @Column('uuid', { name: 'sender_id' })
  senderId!: string;

  @Column('text')
  content!: string;

  @Column('boolean', { default: false })
  read!: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** One member blocked another (from social's events): their conversations are hidden and closed to new messages. */
@Entity('conversation_blocks')
export class ConversationBlock {
  @PrimaryColumn('uuid', { name: 'blocker_id' })
  blockerId!: string;

  @Index('conversation_blocks_blocked_id')
  @PrimaryColumn('uuid', { name: 'blocked_id' })
  blockedId!: string;
}
