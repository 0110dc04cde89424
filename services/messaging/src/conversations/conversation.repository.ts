import { Injectable } from '@nestjs/common';
import { pageOf, type Page, type PageRequest } from '@luxe/contracts';
import { pageAtSql, type LiteralStatement } from '@luxe/platform/db';
import { DataSource, EntityManager, In } from 'typeorm';
import { UserCard } from '../user-cards/user-card.entity';
import { ConversationBlock, ConversationEntity, MessageEntity } from './conversation.entity';

/** Every query on conversations and messages. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly ds: DataSource) {}

  /** Opens the pair's conversation about an event once (true when it is new): a redelivered event finds it there. */
  async open(m: EntityManager, c: ConversationEntity): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO conversations (id, host_id, guest_id, booking_id, last_message_at, created_at, event_title, event_date) VALUES ($1, $2, $3, $4, NULL, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [c.id, c.hostId, c.guestId, c.bookingId, c.createdAt, c.eventTitle, c.eventDate],
    );
    return rows.length > 0;
  }
  ofPairAndBooking(
    m: EntityManager,
    hostId: string,
    guestId: string,
    bookingId: string,
  ): Promise<ConversationEntity | null> {
    return m.findOneBy(ConversationEntity, { hostId, guestId, bookingId });
  }
  byId(id: string, m: EntityManager = this.ds.manager): Promise<ConversationEntity | null> {
    return m.findOneBy(ConversationEntity, { id });
  }
  /** The member's conversations, except those with someone either of them blocked. */
  ofUser(userId: string): Promise<ConversationEntity[]> {
    return this.ds.manager
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .where('(c.host_id = :userId OR c.guest_id = :userId)', { userId })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM conversation_blocks b WHERE (b.blocker_id = c.host_id AND b.blocked_id = c.guest_id) OR (b.blocker_id = c.guest_id AND b.blocked_id = c.host_id))`,
      )
      .orderBy('COALESCE(c.last_message_at, c.created_at)', 'DESC')
      .addOrderBy('c.id')
      .getMany();
  }
  /** Unread messages per conversation for the user (sent by the other participant). */
  async unreadCounts(userId: string, ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows: { conversation_id: string; n: number }[] = await this.ds.query(
      `SELECT conversation_id, count(*)::int AS n FROM messages WHERE conversation_id = ANY($1) AND sender_id <> $2 AND NOT read GROUP BY conversation_id`,
      [ids, userId],
    );
    return new Map(rows.map((r) => [r.conversation_id, r.n]));
  }
  /**
   * The newest message of each conversation (the list's preview): one backward step on
   * messages_conversation_page per conversation (DISTINCT ON sorted every message of the
   * member's conversations, 32 ms for a thread of 10,000).
   */
  async lastMessages(ids: string[]): Promise<Map<string, MessageEntity>> {
    if (!ids.length) return new Map();
    const rows = await this.ds.manager
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .where(
        `m.id IN (SELECT (SELECT x.id FROM messages x WHERE x.conversation_id = c.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) FROM unnest(CAST(:ids AS uuid[])) AS c(id))`,
        { ids },
      )
      .getMany();
    return new Map(rows.map((r) => [r.conversationId, r]));
  }
  cards(ids: string[]): Promise<UserCard[]> {
    return ids.length ? this.ds.manager.findBy(UserCard, { userId: In(ids) }) : Promise.resolve([]);
  }
  /**
   * The conversation and whether either participant blocked the other, in one round trip: what a
   * message's send checks before its transaction (two reads were two round trips on every message).
   */
  async withBlock(id: string): Promise<{ conversation: ConversationEntity; blocked: boolean } | null> {
    const { entities, raw } = await this.ds.manager
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .addSelect(
        `EXISTS (SELECT 1 FROM conversation_blocks b WHERE (b.blocker_id = c.host_id AND b.blocked_id = c.guest_id) OR (b.blocker_id = c.guest_id AND b.blocked_id = c.host_id))`,
        'blocked',
      )
      .where('c.id = :id', { id })
      .getRawAndEntities<{ blocked: boolean }>();
    const conversation = entities[0];
    return conversation ? { conversation, blocked: raw[0]!.blocked === true } : null;
  }
  /** Whether either participant blocked the other. */
  blocked(c: ConversationEntity): Promise<boolean> {
    return this.ds.manager
      .getRepository(ConversationBlock)
      .createQueryBuilder('b')
      .where('(b.blocker_id = :a AND b.blocked_id = :b) OR (b.blocker_id = :b AND b.blocked_id = :a)', {
        a: c.hostId,
        b: c.guestId,
      })
      .getExists();
  }
  async setBlock(m: EntityManager, blockerId: string, blockedId: string, on: boolean): Promise<void> {
    if (on)
      await m
        .createQueryBuilder()
        .insert()
        .into(ConversationBlock)
        .values({ blockerId, blockedId })
        .orIgnore()
        .execute();
    else await m.delete(ConversationBlock, { blockerId, blockedId });
  }
  message(conversationId: string, id: string): Promise<MessageEntity | null> {
    return this.ds.manager.findOneBy(MessageEntity, { conversationId, id });
  }
  /**
   * A page of the conversation's messages, oldest first: the newest `limit` of those before the
   * key of the previous page's first message (every one without a limit, as the spec's call
   * answers), read backwards on messages_conversation_page (migration 1700000043430) so a page
   * costs its own size, not the thread's. A key from another list is only a position in this one.
   */
  async messages(conversationId: string, page: PageRequest<number | undefined>): Promise<Page<MessageEntity>> {
    const q = this.ds.manager
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .addSelect(pageAtSql('m.created_at'), 'page_at')
      .where('m.conversation_id = :conversationId', { conversationId });
    if (page.after)
      q.andWhere('(m.created_at, m.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', {
        at: page.after.at,
        id: page.after.id,
      });
    q.orderBy('m.created_at', 'DESC').addOrderBy('m.id', 'DESC');
    if (page.limit !== undefined) q.limit(page.limit + 1);
    const { entities, raw } = await q.getRawAndEntities<{ page_at: string }>();
    const rows = entities.map((message, i) => ({ message, at: raw[i]!.page_at }));
    // Read newest first; the page answers oldest first, its cursor the key of its oldest message.
    const p = pageOf(rows, page.limit, (r) => ({ at: r.at, id: r.message.id }));
    return { items: p.items.map((r) => r.message).reverse(), nextCursor: p.nextCursor };
  }
  /**
   * The message and its conversation's last-message time, as one statement: sent with the
   * message's event in one round trip (`Outbox.writeAtOnce`).
   */
  addMessageStatement(msg: MessageEntity): LiteralStatement {
    return {
      sql: `WITH sent AS (INSERT INTO messages (id, conversation_id, sender_id, content, read, created_at) VALUES ($1, $2, $3, $4, $5, $6))
       UPDATE conversations SET last_message_at = $6 WHERE id = $2`,
      values: [msg.id, msg.conversationId, msg.senderId, msg.content, msg.read, msg.createdAt],
    };
  }
  /** The same statement in the caller's transaction (a message the service writes itself, in an event's). */
  async addMessage(m: EntityManager, msg: MessageEntity): Promise<void> {
    const st = this.addMessageStatement(msg);
    await m.query(st.sql, [...st.values]);
  }
  /** Marks the other participant's messages read, in the caller's transaction; how many were unread. */
  async markRead(m: EntityManager, conversationId: string, readerId: string): Promise<number> {
    const [, count] = (await m.query(
      `UPDATE messages SET read = true WHERE conversation_id = $1 AND sender_id <> $2 AND NOT read`,
      [conversationId, readerId],
    )) as [unknown, number];
    return count;
  }
  /** A deleted member's conversations go with all their messages (both sides lose the thread), and his blocks. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(ConversationBlock, { blockerId: userId });
    await m.delete(ConversationBlock, { blockedId: userId });
    const mine = await m
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .where('c.host_id = :userId OR c.guest_id = :userId', { userId })
      .getMany();
    const ids = mine.map((c) => c.id);
    if (ids.length) {
      await m.delete(MessageEntity, { conversationId: In(ids) });
      await m.delete(ConversationEntity, { id: In(ids) });
    }
  }
}
