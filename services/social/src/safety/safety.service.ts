import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { SOCIAL_ERRORS, type Block, type EventData, type Report, type ReportReason } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { MemberDirectory, toMemberView } from '../catalog/member-directory';
import { BlockEntity, ReportEntity } from './safety.entity';

const toReport = (r: ReportEntity): Report => ({
  id: r.id,
  kind: r.kind,
  reporterId: r.reporterId,
  reportedUserId: r.reportedUserId,
  reason: r.reason,
  details: r.details,
  messageId: r.messageId,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * Blocks and reports. A block hides the two members from each other (decks, discovery, invites;
 * messaging hides their conversations on `user-blocked`). Reports, of a member here or of a
 * message through messaging's `message-reported`, are kept in one table and announced to the admins.
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly ds: DataSource,
    private readonly members: MemberDirectory,
    private readonly outbox: Outbox,
  ) {}

  async block(actor: Actor, userId: string): Promise<Block> {
    requireMember(actor);
    if (userId === actor.userId) throw AppError.of(SOCIAL_ERRORS.SAFETY_SELF);
    const card = await this.members.card(userId);
    if (!card) throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    const row = await this.ds.transaction(async (m) => {
      const inserted = await m.createQueryBuilder().insert().into(BlockEntity).values({ blockerId: actor.userId, blockedId: userId, createdAt: new Date() }).orIgnore().returning('*').execute();
      // Blocking twice is harmless and announced once.
      if (inserted.raw.length) await this.outbox.add(m, 'social.user-blocked', `${actor.userId}:${userId}`, { blockerId: actor.userId!, blockedId: userId });
      return m.findOneByOrFail(BlockEntity, { blockerId: actor.userId!, blockedId: userId });
    });
    return { blockedUserId: userId, createdAt: new Date(row.createdAt).toISOString(), user: toMemberView(card, userId) };
  }

  async blocks(actor: Actor): Promise<Block[]> {
    requireMember(actor);
    const rows = await this.ds.manager.find(BlockEntity, { where: { blockerId: actor.userId }, order: { createdAt: 'DESC' } });
    const cards = await this.members.cards(rows.map((r) => r.blockedId));
    return rows.map((r) => ({ blockedUserId: r.blockedId, createdAt: new Date(r.createdAt).toISOString(), user: cards.has(r.blockedId) ? toMemberView(cards.get(r.blockedId), r.blockedId) : null }));
  }

  async unblock(actor: Actor, userId: string): Promise<null> {
    requireMember(actor);
    await this.ds.transaction(async (m) => {
      const gone = await m.delete(BlockEntity, { blockerId: actor.userId, blockedId: userId });
      if (gone.affected) await this.outbox.add(m, 'social.user-unblocked', `${actor.userId}:${userId}`, { blockerId: actor.userId!, blockedId: userId });
    });
    return null;
  }

  /** A member's report of another member (also one he blocked). */
  async reportUser(actor: Actor, userId: string, input: { reason: ReportReason; details: string | null }): Promise<Report> {
    requireMember(actor);
    if (userId === actor.userId) throw AppError.of(SOCIAL_ERRORS.SAFETY_SELF);
    if (!(await this.members.card(userId))) throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    const row = Object.assign(new ReportEntity(), { id: randomUUID(), kind: 'user' as const, reporterId: actor.userId, reportedUserId: userId, reason: input.reason, details: input.details, messageId: null, conversationId: null, content: null, createdAt: new Date() });
    await this.ds.transaction((m) => this.file(m, row));
    return toReport(row);
  }

  /** Messaging checked the reporter and the message: keep it with the others (redelivery keeps one). */
  async messageReported(m: EntityManager, d: EventData<'messaging.message-reported'>): Promise<void> {
    if (await m.existsBy(ReportEntity, { id: d.reportId })) return;
    const row = Object.assign(new ReportEntity(), {
      id: d.reportId,
      kind: 'message' as const,
      reporterId: d.reporterId,
      reportedUserId: d.reportedUserId,
      reason: d.reason,
      details: d.details,
      messageId: d.messageId,
      conversationId: d.conversationId,
      content: d.content,
      createdAt: new Date(d.createdAt),
    });
    await this.file(m, row);
  }

  /**
   * A deleted member's blocks go; reports about him are kept for the admins (safety record) but the
   * words of his reported messages are cleared, like his messages; reports he filed are kept too.
   */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(BlockEntity, { blockerId: userId });
    await m.delete(BlockEntity, { blockedId: userId });
    await m.update(ReportEntity, { reportedUserId: userId, kind: In(['message']) }, { content: null });
  }

  private async file(m: EntityManager, r: ReportEntity): Promise<void> {
    await m.insert(ReportEntity, r);
    await this.outbox.add(m, 'social.report-filed', r.id, {
      reportId: r.id,
      kind: r.kind,
      reporterId: r.reporterId,
      reportedUserId: r.reportedUserId,
      reason: r.reason,
      details: r.details,
      messageId: r.messageId,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
    });
  }
}
