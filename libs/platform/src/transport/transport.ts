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

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  /** Must resolve once the message is dealt with (processed or dead-lettered); rejecting means "redeliver". */
  handle: (msg: IncomingMessage) => Promise<void>;
}

/** The one port with two adapters: Kafka (distributed) and in-process (embedded). */
export interface EventTransport {
  readonly kind: 'kafka' | 'inprocess';
  connect(): Promise<void>;
  publish(messages: OutgoingMessage[]): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<void>;
  /** Creates topics explicitly (Kafka); a no-op where topics need no creation. */
  ensureTopics(topics: string[]): Promise<void>;
  /** Throws when the broker cannot be reached (readiness). */
  ping(): Promise<void>;
  disconnect(): Promise<void>;
}

export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');
