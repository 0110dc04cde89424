import { isEventType, topicFor } from '@luxe/contracts';
import type { CustomTransportStrategy } from '@nestjs/microservices';

/**
 * The route of a handler pattern. Ours are event types, never JSON, while Nest's own lookup tries
 * JSON.parse first and catches the SyntaxError: thrown up to three times per Kafka message (the
 * message, our handleEvent, Nest's), a cost paid on every event in every consuming service.
 */
export function routeOfPattern(pattern: string, nest: (pattern: string) => string): string {
  return isEventType(pattern) ? pattern : nest(pattern);
}

export interface OutgoingMessage {
  topic: string;
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string;
  headers: Record<string, string>;
}

/** What the transport offers while a message is being handled. */
export interface DeliveryControl {
  /** Keeps the consumer's group membership alive during long waits (Kafka's heartbeat). May throw during a rebalance. */
  heartbeat?: () => Promise<void>;
}

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** A new group starts at the oldest message (default) or only at new ones (a live push). */
  fromBeginning?: boolean;
  /** Must resolve once the message is dealt with (processed or dead-lettered); rejecting means "redeliver". */
  handle: (msg: IncomingMessage, control?: DeliveryControl) => Promise<void>;
}

export interface EventServerOptions {
  /** Consumer group id, e.g. `messaging.events` (with the test prefix when there is one). */
  groupId: string;
  /** Topic prefix of this environment (`test3.`), so stacks sharing a broker never share events. */
  topicPrefix?: string;
  /** What to do with a message whose event type is not known at all (it is dead-lettered). */
  onUnroutable?: (msg: IncomingMessage) => Promise<void>;
  /**
   * Runs before the offsets of handled messages are committed, once for all of them: makes what
   * their handlers wrote durable (`flushCommitted`), as a committed offset is never delivered again.
   * When it fails nothing is committed and those messages come again (the inbox skips what stayed).
   */
  beforeCommit?: () => Promise<void>;
}

/** The header that names an event's type, so a consumer routes a message without parsing it. */
export const EVENT_TYPE_HEADER = 'x-event-type';

/**
 * The event type of a message, which is the pattern its `@OnEvent` handlers are registered
 * under: from the header the relay sets, else from the envelope itself; '' when neither says.
 */
export function eventTypeOf(msg: IncomingMessage): string {
  const header = msg.headers[EVENT_TYPE_HEADER];
  if (header) return header;
  try {
    const type = (JSON.parse(msg.value) as { type?: unknown })?.type;
    return typeof type === 'string' ? type : '';
  } catch {
    return '';
  }
}

/** The topics to subscribe to for handlers of these event types (one per stream, prefixed). */
export function topicsForPatterns(patterns: Iterable<string>, prefix = ''): string[] {
  return [...new Set([...patterns].filter(isEventType).map((t) => topicFor(t, prefix)))];
}

/** A consumer group's lag on one topic: its partitions' latest offsets minus the group's committed ones. */
export interface TopicLag {
  topic: string;
  lag: number;
}

/** The one port with two adapters: Kafka (distributed) and in-process (embedded). */
export interface EventTransport {
  readonly kind: 'kafka' | 'inprocess';
  connect(): Promise<void>;
  publish(messages: OutgoingMessage[]): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<void>;
  /**
   * The Nest transport strategy that delivers this transport's events to a service's `@OnEvent`
   * handlers, in one consumer group (`app.connectMicroservice({ strategy })`).
   */
  createEventServer(opts: EventServerOptions): CustomTransportStrategy;
  /** Creates topics explicitly (Kafka); a no-op where topics need no creation. */
  ensureTopics(topics: string[]): Promise<void>;
  /** Throws when the broker cannot be reached (readiness). */
  ping(): Promise<void>;
  /** Messages a consumer group has yet to read, per topic (Kafka only: the in-process bus has no lag to speak of). */
  consumerLag?(groupId: string, topics: string[]): Promise<TopicLag[]>;
  disconnect(): Promise<void>;
}

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
