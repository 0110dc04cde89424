import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { UserCard } from '../user-cards/user-card.entity';
import { ConversationEntity, MessageEntity } from './conversation.entity';

/** Every query on conversations and messages. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly ds: DataSource) {}

  /** Opens the pair's conversation about an event once: a redelivered event finds it there. */
  async open(m: EntityManager, c: ConversationEntity): Promise<void> {
    await m.createQueryBuilder().insert().into(ConversationEntity).values(c).orIgnore().execute();
  }
  byId(id: string, m: EntityManager = this.ds.manager): Promise<ConversationEntity | null> {
    return m.findOneBy(ConversationEntity, { id });
  }
  ofUser(userId: string): Promise<ConversationEntity[]> {
    return this.ds.manager
      .getRepository(ConversationEntity)
      .createQueryBuilder('c')
      .where('c.host_id = :userId OR c.guest_id = :userId', { userId })
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
  cards(ids: string[]): Promise<UserCard[]> {
    return ids.length ? this.ds.manager.findBy(UserCard, { userId: In(ids) }) : Promise.resolve([]);
  }
  messages(conversationId: string): Promise<MessageEntity[]> {
    return this.ds.manager.find(MessageEntity, { where: { conversationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
  async addMessage(m: EntityManager, msg: MessageEntity): Promise<void> {
    await m.insert(MessageEntity, msg);
    await m.update(ConversationEntity, { id: msg.conversationId }, { lastMessageAt: msg.createdAt });
  }
  async markRead(conversationId: string, readerId: string): Promise<void> {
    await this.ds.query(`UPDATE messages SET read = true WHERE conversation_id = $1 AND sender_id <> $2 AND NOT read`, [conversationId, readerId]);
  }
  /** A deleted member's conversations go with all their messages (both sides lose the thread). */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    const mine = await m.getRepository(ConversationEntity).createQueryBuilder('c').where('c.host_id = :userId OR c.guest_id = :userId', { userId }).getMany();
    const ids = mine.map((c) => c.id);
    if (ids.length) {
      await m.delete(MessageEntity, { conversationId: In(ids) });
      await m.delete(ConversationEntity, { id: In(ids) });
    }
  }
}
