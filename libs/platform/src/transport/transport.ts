import type { CustomTransportStrategy } from '@nestjs/microservices';

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
  /** Must resolve once the message is dealt with (processed or dead-lettered); rejecting means "redeliver". */
  handle: (msg: IncomingMessage, control?: DeliveryControl) => Promise<void>;
}

export interface EventServerOptions {
  /** Consumer group id, e.g. `messaging.events` (with the test prefix when there is one). */
  groupId: string;
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
  disconnect(): Promise<void>;
}

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
