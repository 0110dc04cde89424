import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { envelopeSchema, eventSchemas, topicFor, type RealtimeConversation, type RealtimeMessage } from '@luxe/contracts';
import type { EventTransport, Logger } from '@luxe/platform';

/**
 * The recipients' open browser sessions, by user, and the push of new messages and new
 * conversations to them. Every
 * gateway instance reads `message-sent` in a consumer group of its own (each instance sees every
 * message and pushes to the sockets it holds), so it works with any number of gateways.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  constructor(private readonly logger: Logger) {}

  /** Follows `message-sent` on the event transport from now on. */
  async follow(transport: EventTransport, opts: { topicPrefix?: string; groupPrefix?: string } = {}): Promise<void> {
    await transport.subscribe({
      groupId: `${opts.groupPrefix ?? ''}gateway.push.${randomUUID()}`,
      topics: [...new Set([topicFor('messaging.message-sent', opts.topicPrefix ?? ''), topicFor('messaging.conversation-opened', opts.topicPrefix ?? '')])],
      fromBeginning: false,
      handle: async (msg) => {
        try {
          const env = envelopeSchema.parse(JSON.parse(msg.value));
          if (env.type === 'messaging.message-sent') this.deliver(eventSchemas['messaging.message-sent'].parse(env.data));
          else if (env.type === 'messaging.conversation-opened') this.opened(eventSchemas['messaging.conversation-opened'].parse(env.data));
        } catch (err) {
          // A push is best effort: the client refetches on reconnect; never block the stream.
          this.logger.warn({ err }, 'realtime: an event could not be pushed');
        }
      },
    });
  }

  attach(userId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    });
  }

  deliver(d: { messageId: string; conversationId: string; senderId: string; recipientId: string; content: string; createdAt: string }): void {
    const push: RealtimeMessage = { type: 'message-sent', conversationId: d.conversationId, message: { id: d.messageId, conversationId: d.conversationId, senderId: d.senderId, content: d.content, read: false, createdAt: d.createdAt } };
    const text = JSON.stringify(push);
    // The recipient's sessions, and the sender's other ones (his other tabs show what he sent).
    this.send([d.recipientId, d.senderId], text);
  }

  /** A new conversation: both participants' open sessions add it to their lists. */
  opened(d: { conversationId: string; hostId: string; guestId: string }): void {
    const push: RealtimeConversation = { type: 'conversation-opened', conversationId: d.conversationId };
    this.send([d.hostId, d.guestId], JSON.stringify(push));
  }

  private send(userIds: string[], text: string): void {
    for (const userId of new Set(userIds)) for (const s of this.sockets.get(userId) ?? []) if (s.readyState === s.OPEN) s.send(text);
  }

  close(): void {
    for (const set of this.sockets.values()) for (const s of set) s.close(1001, 'going away');
    this.sockets.clear();
  }
}
