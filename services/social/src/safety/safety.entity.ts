import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ReportReason } from '@luxe/contracts';

/** One member blocked another: both vanish from each other's decks, discovery and invites. Migration 1700000018000. */
@Entity('blocks')
export class BlockEntity {
  @PrimaryColumn('uuid', { name: 'blocker_id' })
  blockerId!: string;

  @Index('blocks_blocked_id')
  @PrimaryColumn('uuid', { name: 'blocked_id' })
  blockedId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A report of a member or of one of his messages, kept for the admins. */
@Entity('reports')
@Check('reports_kind_check', `kind IN ('user', 'message')`)
export class ReportEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  kind!: 'user' | 'message';

  @Index('reports_reporter_id')
  @Column('uuid', { name: 'reporter_id' })
  reporterId!: string;

  @Index('reports_reported_user_id')
  @Column('uuid', { name: 'reported_user_id' })
  reportedUserId!: string;

  @Column('text')
  reason!: ReportReason;

  @Column('text', { nullable: true })
  details!: string | null;

  @Column('uuid', { name: 'message_id', nullable: true })
  messageId!: string | null;

  @Column('uuid', { name: 'conversation_id', nullable: true })
  conversationId!: string | null;

  /** The reported message as it was (cleared if its author deletes his account). */
  @Column('text', { nullable: true })
  content!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
