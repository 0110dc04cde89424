import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A host's and a guest's conversation about an event (one per pair and event). Migration 1700000016000. */
@Entity('conversations')
@Index('conversations_pair_booking', ['hostId', 'guestId', 'bookingId'], { unique: true })
export class ConversationEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('conversations_host_id')
  @Column('uuid', { name: 'host_id' })
  hostId!: string;

  @Index('conversations_guest_id')
  @Column('uuid', { name: 'guest_id' })
  guestId!: string;

  @Column('uuid', { name: 'booking_id' })
  bookingId!: string;

  @Column('timestamptz', { name: 'last_message_at', nullable: true })
  lastMessageAt!: Date | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A message of a conversation. */
@Entity('messages')
@Index('messages_conversation_created', ['conversationId', 'createdAt'])
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
