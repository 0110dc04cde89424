import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type Redis from 'ioredis';
import {
  envelopeSchema,
  eventSchemas,
  NOTIFICATION_KINDS,
  topicFor,
  type EventType,
  type NotificationKind,
  type RealtimeConversation,
  type RealtimeMessage,
  type RealtimeNotification,
  type RealtimeNotificationsRead,
} from '@luxe/contracts';
import {
  type EventTransport,
  type Logger,
  markLeft,
  markOnline,
  publish,
  type RealtimePush,
  realtimePushChannel,
  SESSION_ENDED_CHANNEL,
  type SessionEnded,
  type SessionStore,
  subscribe,
} from '@luxe/platform';

export interface RealtimeOptions {
  /** How often each socket is pinged (server → client), so proxies see traffic on an idle socket (default 25 s, under an Ingress's usual 60 s read timeout). */
  pingMs?: number;
  /** How often each socket's session is checked again (default 60 s): an expired session's sockets close within this. */
  sessionCheckMs?: number;
}

/** Pushes older than this are not delivered (a gateway group catching up after all gateways were down: the client refetched on reconnect). */
export const PUSH_MAX_AGE_MS = 60_000;
/** The events pushed to open sessions. */
export const PUSHED: EventType[] = [
  'messaging.message-sent',
  'messaging.conversation-opened',
  'notifications.notification-created',
  'notifications.notifications-read',
];

type Push = RealtimePush;
/**
 * How many pushed messages' ids a gateway remembers (the newest), to push each message once though
 * it comes twice: at once from messaging (its direct push) and again through Kafka. One forgotten
 * only costs a second push, which the web client drops (it keeps a message once, by id).
 */
export const PUSHED_IDS_KEPT = 50_000;

/** A socket that answered none of this many pings in a row is dropped (its peer is gone). */
const MISSED_PONGS_MAX = 2;
/** The close code of a socket whose session ended (the web client then does not reconnect). */
export const SESSION_ENDED_CLOSE = 4401;

interface Held {
  userId: string;
  sessionId: string;
  missedPongs: number;
}

/**
 * The recipients' open browser sessions, by user, and the push of new messages, new
 * conversations and new notifications to them, with any number of gateways:
 *
 * - every gateway reads `message-sent`, `conversation-opened` and `notification-created` in ONE consumer group
 *   (`gateway.push`), so each event is read once by one of them, which pushes it to the sockets it
 *   holds at once and publishes it on a Redis channel every gateway subscribes to; the others push
 *   it to theirs, the reader skips its own copy. (A group per gateway would leave one abandoned
 *   group in Kafka per pod that ever ran. Its own sockets served through Redis too, every push
 *   waited for the round trip to Redis and back.)
 * - a new message also comes straight from messaging on the same channel, once its transaction
 *   has committed (platform's `DirectPushes`: no relay, Kafka and consumer group on the way); each
 *   gateway pushes a message once, whichever copy comes first, and the reader of the Kafka copy
 *   does not publish one that was pushed already.
 * - every end of a session (logout, suspension, account deletion: SessionStore announces them on
 *   SESSION_ENDED_CHANNEL) closes its sockets on every gateway with 4401, and each socket's session
 *   is checked again every `sessionCheckMs` (expiry, or an announcement this gateway missed).
 * - each socket is pinged every `pingMs`, so an idle one survives proxies' read timeouts.
 */
export class RealtimeHub {
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly held = new Map<WebSocket, Held>();
  private readonly timers: NodeJS.Timeout[] = [];
  private subscription: { close(): Promise<void> } | null = null;
  private readonly pushChannel: string;
  private readonly prefix: string;
  /** This gateway on the push channel: the pushes it published come back to it, and are skipped. */
  private readonly origin = randomUUID();
  /** The ids of the messages pushed here, oldest first (`PUSHED_IDS_KEPT` at most). */
  private readonly pushedMessages = new Set<string>();

  constructor(
    private readonly logger: Logger,
    private readonly redis: Redis,
    private readonly sessions: SessionStore,
    private readonly opts: RealtimeOptions & { channelPrefix?: string } = {},
  ) {
    // The topic prefix keeps deployments (test stacks) sharing one Redis apart.
    this.prefix = opts.channelPrefix ?? '';
    this.pushChannel = realtimePushChannel(this.prefix);
  }

  /** Listens to pushes and session ends on Redis, and starts the pings and session re-checks. */
  async start(): Promise<void> {
    this.subscription = await subscribe(this.redis, [this.pushChannel, SESSION_ENDED_CHANNEL], (channel, message) => {
      try {
        if (channel === SESSION_ENDED_CHANNEL) this.sessionsEnded(JSON.parse(message) as SessionEnded);
        else {
          const p = JSON.parse(message) as Push;
          if (p.origin !== this.origin) this.push(p);
        }
      } catch (err) {
        this.logger.warn({ err, channel }, 'realtime: a pub/sub message could not be handled');
      }
    });
    const every = (ms: number, fn: () => unknown) => this.timers.push(setInterval(fn, ms).unref());
    every(this.opts.pingMs ?? 25_000, () => this.ping());
    every(this.opts.sessionCheckMs ?? 60_000, () => void this.recheck());
  }

  /** Reads the push events from now on (one group for all gateways) and hands each to every gateway over Redis. */
  async follow(transport: EventTransport, opts: { topicPrefix?: string; groupPrefix?: string } = {}): Promise<void> {
    await transport.subscribe({
      groupId: `${opts.groupPrefix ?? ''}gateway.push`,
      topics: [...new Set(PUSHED.map((t) => topicFor(t, opts.topicPrefix ?? '')))],
      fromBeginning: false,
      handle: async (msg) => {
        try {
          const env = envelopeSchema.parse(JSON.parse(msg.value));
          if (Date.now() - Date.parse(env.occurredAt) > PUSH_MAX_AGE_MS) return;
          if (!(PUSHED as string[]).includes(env.type)) return;
          // Pushed already: messaging's direct push came first (the usual case), here or through Redis.
          if (env.type === 'messaging.message-sent' && this.pushedMessages.has(messageIdOf(env.data) ?? '')) return;
          const push: Push = { type: env.type, data: env.data, origin: this.origin };
          const published = publish(this.redis, this.pushChannel, JSON.stringify(push));
          this.pushHere(push);
          await published;
        } catch (err) {
          // A push is best effort: the client refetches on reconnect; never block the stream.
          this.logger.warn({ err }, 'realtime: an event could not be pushed');
        }
      },
    });
  }

  /** A push this gateway read: to its own sockets (a bad one only logged, the other gateways still get it). */
  private pushHere(p: Push): void {
    try {
      this.push(p);
    } catch (err) {
      this.logger.warn({ err }, 'realtime: an event could not be pushed');
    }
  }

  /** A push (read here, or from the Redis channel): to the sockets this gateway holds. */
  private push(p: Push): void {
    if (p.type === 'messaging.message-sent') {
      const d = eventSchemas['messaging.message-sent'].parse(p.data);
      if (this.pushedMessages.has(d.messageId)) return;
      this.remember(d.messageId);
      this.deliver(d);
    } else if (p.type === 'messaging.conversation-opened')
      this.opened(eventSchemas['messaging.conversation-opened'].parse(p.data));
    else if (p.type === 'notifications.notification-created')
      this.notified(eventSchemas['notifications.notification-created'].parse(p.data));
    else if (p.type === 'notifications.notifications-read')
      this.notificationsRead(eventSchemas['notifications.notifications-read'].parse(p.data));
  }

  attach(userId: string, sessionId: string, socket: WebSocket): void {
    const set = this.sockets.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.sockets.set(userId, set);
    const held: Held = { userId, sessionId, missedPongs: 0 };
    this.held.set(socket, held);
    socket.on('pong', () => (held.missedPongs = 0));
    this.presence(markOnline(this.redis, this.prefix, [userId]));
    socket.on('close', () => {
      this.held.delete(socket);
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) {
        this.sockets.delete(userId);
        // The "away for a while" of message emails counts from his last close.
        this.presence(markLeft(this.redis, this.prefix, userId));
      }
    });
  }

  deliver(d: {
    messageId: string;
    conversationId: string;
    senderId: string;
    recipientId: string;
    content: string;
    createdAt: string;
  }): void {
    const push: RealtimeMessage = {
      type: 'message-sent',
      conversationId: d.conversationId,
      message: {
        id: d.messageId,
        conversationId: d.conversationId,
        senderId: d.senderId,
        content: d.content,
        read: false,
        createdAt: d.createdAt,
      },
    };
    const text = JSON.stringify(push);
    // The recipient's sessions, and the sender's other ones (his other tabs show what he sent).
    this.send([d.recipientId, d.senderId], text);
  }

  /** A new conversation: both participants' open sessions add it to their lists. */
  opened(d: { conversationId: string; hostId: string; guestId: string }): void {
    const push: RealtimeConversation = { type: 'conversation-opened', conversationId: d.conversationId };
    this.send([d.hostId, d.guestId], JSON.stringify(push));
  }

  /** A new notification: the recipient's open sessions show it (the bell counts it). */
  notified(d: {
    notificationId: string;
    userId: string;
    kind: string;
    title: string;
    body: string;
    link: string;
    createdAt: string;
  }): void {
    // A kind this gateway does not know yet (a newer notifications service) is not pushed: the bell catches up on its next read.
    if (!(NOTIFICATION_KINDS as readonly string[]).includes(d.kind)) return;
    const push: RealtimeNotification = {
      type: 'notification',
      notification: {
        id: d.notificationId,
        kind: d.kind as NotificationKind,
        title: d.title,
        body: d.body,
        link: d.link,
        read: false,
        createdAt: d.createdAt,
      },
    };
    this.send([d.userId], JSON.stringify(push));
  }

  /** Some of his notifications became read elsewhere (a thread he read): his bells show the new count. */
  notificationsRead(d: { userId: string; unreadCount: number }): void {
    const push: RealtimeNotificationsRead = { type: 'notifications-read', unreadCount: d.unreadCount };
    this.send([d.userId], JSON.stringify(push));
  }

  private remember(messageId: string): void {
    this.pushedMessages.add(messageId);
    if (this.pushedMessages.size > PUSHED_IDS_KEPT)
      this.pushedMessages.delete(this.pushedMessages.values().next().value as string);
  }

  private send(userIds: string[], text: string): void {
    for (const userId of new Set(userIds))
      for (const s of this.sockets.get(userId) ?? []) if (s.readyState === s.OPEN) s.send(text);
  }

  /** Sessions ended somewhere (any gateway, identity): their sockets here close. */
  sessionsEnded(e: SessionEnded): void {
    const ids = new Set(e.sessionIds);
    for (const [socket, h] of this.held)
      if (ids.has(h.sessionId) || (e.userId && h.userId === e.userId))
        socket.close(SESSION_ENDED_CLOSE, 'session ended');
  }

  /** Presence (platform's presence.ts): notifications emails messages only to members away for a while. Best effort. */
  private presence(write: Promise<void>): void {
    write.catch((err) => this.logger.warn({ err }, 'realtime: presence could not be recorded'));
  }

  private ping(): void {
    if (this.sockets.size) this.presence(markOnline(this.redis, this.prefix, this.sockets.keys()));
    for (const [socket, h] of this.held) {
      if (socket.readyState !== socket.OPEN) continue;
      if (h.missedPongs >= MISSED_PONGS_MAX) {
        socket.terminate();
        continue;
      }
      h.missedPongs++;
      socket.ping();
    }
  }

  /** Each socket's session once more: one that expired (or ended unannounced) closes its sockets. */
  async recheck(): Promise<void> {
    const bySession = new Map<string, WebSocket[]>();
    for (const [socket, h] of this.held) bySession.set(h.sessionId, [...(bySession.get(h.sessionId) ?? []), socket]);
    await Promise.all(
      [...bySession].map(async ([id, sockets]) => {
        // Redis unreachable: keep the sockets (the session may well be valid); checked again next round.
        const alive = await this.sessions.alive(id).catch(() => true);
        if (!alive) for (const s of sockets) s.close(SESSION_ENDED_CLOSE, 'session expired');
      }),
    );
  }

  async close(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    for (const socket of this.held.keys()) socket.close(1001, 'going away');
    this.held.clear();
    this.sockets.clear();
    await this.subscription?.close();
    this.subscription = null;
  }
}

/** The message id of a `message-sent` event's data (not yet parsed: an unexpected shape gives undefined). */
function messageIdOf(data: unknown): string | undefined {
  const id = (data as { messageId?: unknown } | null)?.messageId;
  return typeof id === 'string' ? id : undefined;
}
