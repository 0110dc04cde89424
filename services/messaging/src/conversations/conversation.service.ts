import { randomUUID } from 'node:crypto';
import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  MESSAGING_ERRORS,
  waitlistPromotedMessage,
  type Conversation,
  type Message,
  type Page,
  type PageRequest,
  type Report,
  type ReportReason,
} from '@luxe/contracts';
import { DirectPushes, Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { ConversationEntity, MessageEntity } from './conversation.entity';
import { toConversation, toMessage } from './conversation.mapper';
import { ConversationRepository } from './conversation.repository';

/**
 * Conversations between a host and a guest, opened by an approved join request. Only the two
 * participants read or write one; the sender is always the session's user.
 */
@Injectable()
export class ConversationService {
  constructor(
    private readonly ds: DataSource,
    private readonly conversations: ConversationRepository,
    private readonly outbox: Outbox,
    // Absent only where the service runs without Redis (unit tests): Kafka alone then pushes.
    @Optional() private readonly pushes?: DirectPushes,
  ) {}

  /** Opens the pair's conversation once; a new one is announced (`conversation-opened`, pushed to both). */
  async open(
    m: EntityManager,
    hostId: string,
    guestId: string,
    bookingId: string | null,
    event: { title: string; date: string } | null = null,
  ): Promise<void> {
    const c = Object.assign(new ConversationEntity(), {
      id: randomUUID(),
      hostId,
      guestId,
      bookingId,
      lastMessageAt: null,
      createdAt: new Date(),
      eventTitle: event?.title ?? null,
      eventDate: event?.date ?? null,
    });
    if (await this.conversations.open(m, c))
      await this.outbox.add(m, 'messaging.conversation-opened', c.id, {
        conversationId: c.id,
        hostId,
        guestId,
        bookingId,
      });
  }

  /**
   * A match: the pair's conversation about no event (the one an invite without an event opens).
   * The host is the member whose card says so (a host's deck is of guests and a guest's of hosts);
   * without a card to tell, the order of the pair decides.
   */
  async openForMatch(m: EntityManager, userIds: readonly [string, string]): Promise<void> {
    const cards = await this.conversations.cards([...userIds]);
    const isHost = (id: string) => cards.find((c) => c.userId === id)?.userType === 'host';
    const [hostId, guestId] =
      isHost(userIds[1]) && !isHost(userIds[0]) ? [userIds[1], userIds[0]] : [userIds[0], userIds[1]];
    await this.open(m, hostId, guestId, null);
  }

  /**
   * Tells a guest promoted from the waitlist, in the pair's conversation about the event (opened if
   * it is not there yet), with a message from the host; pushed like any message. Called once per
   * promotion event (the inbox drops a redelivery).
   */
  async notifyPromoted(
    m: EntityManager,
    d: { hostId: string; guestId: string; bookingId: string; venueName: string; bookingDate: string },
  ): Promise<void> {
    await this.open(m, d.hostId, d.guestId, d.bookingId, { title: d.venueName, date: d.bookingDate });
    const c = await this.conversations.ofPairAndBooking(m, d.hostId, d.guestId, d.bookingId);
    if (!c) return;
    const content = waitlistPromotedMessage(d.venueName, d.bookingDate);
    const msg = Object.assign(new MessageEntity(), {
      id: randomUUID(),
      conversationId: c.id,
      senderId: d.hostId,
      content,
      read: false,
      createdAt: new Date(),
    });
    await this.conversations.addMessage(m, msg);
    await this.outbox.add(m, 'messaging.message-sent', c.id, {
      messageId: msg.id,
      conversationId: c.id,
      senderId: d.hostId,
      recipientId: d.guestId,
      content,
      createdAt: msg.createdAt.toISOString(),
    });
  }

  async list(actor: Actor, userId: string): Promise<Conversation[]> {
    requireMember(actor);
    if (userId !== actor.userId) throw AppError.of(MESSAGING_ERRORS.NOT_YOURS);
    const rows = await this.conversations.ofUser(userId);
    const others = rows.map((c) => (c.hostId === userId ? c.guestId : c.hostId));
    const cards = new Map((await this.conversations.cards(others)).map((u) => [u.userId, u]));
    const unread = await this.conversations.unreadCounts(
      userId,
      rows.map((c) => c.id),
    );
    const last = await this.conversations.lastMessages(rows.map((c) => c.id));
    return rows.map((c, i) => toConversation(c, userId, cards.get(others[i]), unread.get(c.id) ?? 0, last.get(c.id)));
  }

  /** A page of the conversation's messages (its participants only): see ConversationRepository.messages. */
  async messages(actor: Actor, id: string, page: PageRequest<number | undefined>): Promise<Page<Message>> {
    await this.participant(actor, id);
    const found = await this.conversations.messages(id, page);
    return { items: found.items.map(toMessage), nextCursor: found.nextCursor };
  }

  block(m: EntityManager, blockerId: string, blockedId: string, on: boolean): Promise<void> {
    return this.conversations.setBlock(m, blockerId, blockedId, on);
  }

  async send(actor: Actor, id: string, content: string): Promise<Message> {
    requireMember(actor);
    const found = await this.conversations.withBlock(id);
    const c = found?.conversation;
    if (!c || (c.hostId !== actor.userId && c.guestId !== actor.userId))
      throw AppError.of(MESSAGING_ERRORS.CONVERSATION_NOT_FOUND);
    // A blocked conversation stays readable and reportable, but takes no new message.
    if (found.blocked) throw AppError.of(MESSAGING_ERRORS.UNAVAILABLE);
    const msg = Object.assign(new MessageEntity(), {
      id: randomUUID(),
      conversationId: id,
      senderId: actor.userId!,
      content,
      read: false,
      createdAt: new Date(),
    });
    const sent = {
      messageId: msg.id,
      conversationId: c.id,
      senderId: msg.senderId,
      recipientId: c.hostId === msg.senderId ? c.guestId : c.hostId,
      content,
      createdAt: msg.createdAt.toISOString(),
    };
    // The message, its conversation's last-message time and its event in one round trip (BEGIN and
    // COMMIT with them): on every message's path, where each round trip more wakes two processes.
    await this.outbox.writeAtOnce(
      this.ds,
      [this.conversations.addMessageStatement(msg)],
      [{ type: 'messaging.message-sent', key: c.id, data: sent }],
    );
    // Committed: the open sessions get it at once; the outbox's copy follows through Kafka.
    this.pushes?.afterCommit('messaging.message-sent', sent);
    return toMessage(msg);
  }

  /**
   * A participant reports the other's message: checked here, kept by social with the other reports
   * (`message-reported` carries the words as they were).
   */
  async reportMessage(
    actor: Actor,
    id: string,
    messageId: string,
    input: { reason: ReportReason; details: string | null },
  ): Promise<Report> {
    const c = await this.participant(actor, id);
    const msg = await this.conversations.message(c.id, messageId);
    if (!msg) throw AppError.of(MESSAGING_ERRORS.MESSAGE_NOT_FOUND);
    if (msg.senderId === actor.userId) throw AppError.of(MESSAGING_ERRORS.OWN_MESSAGE);
    const report: Report = {
      id: randomUUID(),
      kind: 'message',
      reporterId: actor.userId!,
      reportedUserId: msg.senderId,
      reason: input.reason,
      details: input.details,
      messageId: msg.id,
      createdAt: new Date().toISOString(),
    };
    await this.ds.transaction((m) =>
      this.outbox.add(m, 'messaging.message-reported', report.id, {
        reportId: report.id,
        reporterId: report.reporterId,
        reportedUserId: report.reportedUserId,
        reason: report.reason,
        details: report.details,
        messageId: msg.id,
        conversationId: c.id,
        content: msg.content,
        createdAt: report.createdAt,
      }),
    );
    return report;
  }

  async markRead(actor: Actor, id: string): Promise<{ unreadCount: number }> {
    await this.participant(actor, id);
    // Published only when something was unread: notifications marks the member's message
    // notifications of this thread read (his bell drops), so reading twice tells nothing more.
    await this.ds.transaction(async (m) => {
      if ((await this.conversations.markRead(m, id, actor.userId!)) > 0)
        await this.outbox.add(m, 'messaging.conversation-read', id, {
          conversationId: id,
          readerId: actor.userId!,
          readAt: new Date().toISOString(),
        });
    });
    return { unreadCount: 0 };
  }

  eraseMember(m: EntityManager, userId: string): Promise<void> {
    return this.conversations.eraseMember(m, userId);
  }

  /** The conversation, when the caller is one of its two participants; otherwise it does not exist for him. */
  private async participant(actor: Actor, id: string): Promise<ConversationEntity> {
    requireMember(actor);
    const c = await this.conversations.byId(id);
    if (!c || (c.hostId !== actor.userId && c.guestId !== actor.userId))
      throw AppError.of(MESSAGING_ERRORS.CONVERSATION_NOT_FOUND);
    return c;
  }
}
