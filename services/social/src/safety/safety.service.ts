import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SOCIAL_ERRORS, type Block, type EventData, type Report, type ReportReason } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { toMemberView } from '../catalog/catalog.mapper';
import { CatalogRepository } from '../catalog/catalog.repository';
import { ReportEntity } from './safety.entity';
import { toBlock, toReport } from './safety.mapper';
import { SafetyRepository } from './safety.repository';

/**
 * Blocks and reports. A block hides the two members from each other (decks, discovery, invites;
 * messaging hides their conversations on `user-blocked`). Reports, of a member here or of a
 * message through messaging's `message-reported`, are kept in one table and announced to the admins.
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly ds: DataSource,
    private readonly safety: SafetyRepository,
    private readonly members: CatalogRepository,
    private readonly outbox: Outbox,
  ) {}

  async block(actor: Actor, userId: string): Promise<Block> {
    requireMember(actor);
    if (userId === actor.userId) throw AppError.of(SOCIAL_ERRORS.SAFETY_SELF);
    const card = await this.members.card(userId);
    if (!card) throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    const row = await this.ds.transaction(async (m) => {
      // Blocking twice is harmless and announced once.
      if (await this.safety.addBlock(m, actor.userId, userId))
        await this.outbox.add(m, 'social.user-blocked', `${actor.userId}:${userId}`, {
          blockerId: actor.userId!,
          blockedId: userId,
        });
      return this.safety.block(m, actor.userId, userId);
    });
    return toBlock(row, toMemberView(card, userId));
  }

  async blocks(actor: Actor): Promise<Block[]> {
    requireMember(actor);
    const rows = await this.safety.blocksBy(actor.userId);
    const cards = await this.members.cards(rows.map((r) => r.blockedId));
    return rows.map((r) =>
      toBlock(r, cards.has(r.blockedId) ? toMemberView(cards.get(r.blockedId), r.blockedId) : null),
    );
  }

  async unblock(actor: Actor, userId: string): Promise<null> {
    requireMember(actor);
    await this.ds.transaction(async (m) => {
      if (await this.safety.removeBlock(m, actor.userId, userId))
        await this.outbox.add(m, 'social.user-unblocked', `${actor.userId}:${userId}`, {
          blockerId: actor.userId!,
          blockedId: userId,
        });
    });
    return null;
  }

  /** A member's report of another member (also one he blocked). */
  async reportUser(
    actor: Actor,
    userId: string,
    input: { reason: ReportReason; details: string | null },
  ): Promise<Report> {
    requireMember(actor);
    if (userId === actor.userId) throw AppError.of(SOCIAL_ERRORS.SAFETY_SELF);
    if (!(await this.members.card(userId))) throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    const row = Object.assign(new ReportEntity(), {
      id: randomUUID(),
      kind: 'user' as const,
      reporterId: actor.userId,
      reportedUserId: userId,
      reason: input.reason,
      details: input.details,
      messageId: null,
      conversationId: null,
      content: null,
      createdAt: new Date(),
    });
    await this.ds.transaction((m) => this.file(m, row));
    return toReport(row);
  }

  /** Messaging checked the reporter and the message: keep it with the others (redelivery keeps one). */
  async messageReported(m: EntityManager, d: EventData<'messaging.message-reported'>): Promise<void> {
    if (await this.safety.reportExists(m, d.reportId)) return;
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
  eraseMember(m: EntityManager, userId: string): Promise<void> {
    return this.safety.eraseMember(m, userId);
  }

  private async file(m: EntityManager, r: ReportEntity): Promise<void> {
    await this.safety.addReport(m, r);
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
