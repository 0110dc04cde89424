import type { ConsumerDeserializer, IncomingEvent, KafkaContext, KafkaOptions } from '@nestjs/microservices';
import { ServerKafka } from '@nestjs/microservices';
import { isEventType } from '@luxe/contracts';
import { Admin, Consumer, Kafka, KafkaConfig, logLevel, Partitioners, Producer } from 'kafkajs';
import type { Logger } from '../logger';
import { IntervalCommits } from './interval-commits';
import {
  EventServerOptions,
  EventTransport,
  eventTypeOf,
  IncomingMessage,
  OutgoingMessage,
  routeOfPattern,
  SubscribeOptions,
  TopicLag,
  topicsForPatterns,
} from './transport';

/**
 * kafkajs waits up to `maxRetryTime` between two attempts (30 s by default): after a broker outage,
 * clients that backed off that far kept events from flowing for over a minute once it was back.
 */
export const KAFKA_MAX_RETRY_MS = 5000;
/** Protocol errors after which an idempotent producer's id and sequence numbers are of no more use. */
const PRODUCER_STATE_ERRORS = new Set([
  'OUT_OF_ORDER_SEQUENCE_NUMBER',
  'UNKNOWN_PRODUCER_ID',
  'INVALID_PRODUCER_EPOCH',
  'INVALID_PRODUCER_ID_MAPPING',
]);

/** True when a send failed because the broker no longer knows or agrees with the producer's id and sequence (kafkajs wraps the protocol error: its cause). */
export function producerStateLost(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { type?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.type === 'string' && PRODUCER_STATE_ERRORS.has(e.type)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => producerStateLost(x, depth + 1))) return true;
  return producerStateLost(e.cause, depth + 1);
}

/**
 * Consumer settings shared by the raw subscriber and the Nest Kafka server (and Kafka's own
 * baseline in the event bench, which must read as the services do). Fetches keep kafkajs's
 * defaults: minBytes 1 (a fetch answers as soon as one message is there), maxWaitTimeInMs 5000
 * (how long an empty fetch waits on the broker; no message waits for it).
 */
export const KAFKA_CONSUMER_SETTINGS = {
  allowAutoTopicCreation: false,
  sessionTimeout: 10000,
  heartbeatInterval: 1000,
  retry: { retries: 10, maxRetryTime: KAFKA_MAX_RETRY_MS },
} as const;

/**
 * How the event servers run their consumer: one message at a time per partition (order by key
 * kept); partitions in parallel, so one event backing off does not hold up the service's other
 * topics. Offsets are committed by IntervalCommits (autoCommit off).
 */
export const KAFKA_RUN_SETTINGS = { partitionsConsumedConcurrently: 3 } as const;

/**
 * The producer of every relay: idempotent (the broker drops a retried duplicate) and ordered (one
 * request in flight). kafkajs sends each request at once (it has no linger) and uncompressed.
 */
export const KAFKA_PRODUCER_SETTINGS = {
  idempotent: true,
  maxInFlightRequests: 1,
  allowAutoTopicCreation: false,
} as const;

/** Every send is acknowledged by all in-sync replicas. */
export const KAFKA_ACKS = -1;

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return v.toString();
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return text(v[0]);
  // Nest's parser turns a header or key that looks like JSON into an object.
  return JSON.stringify(v);
}

/**
 * The deserializer of the Nest Kafka server: the pattern is the event type, and the data is the raw
 * message in the transport-neutral shape (value untouched, as its bytes), so `@OnEvent` checks
 * and dead-letters exactly what was on the wire. Nest's default would JSON-parse the value.
 */
export class KafkaEventDeserializer implements ConsumerDeserializer {
  deserialize(
    raw: {
      topic: string;
      partition: number;
      offset: string;
      key?: unknown;
      value?: unknown;
      headers?: Record<string, unknown>;
    },
    options?: { channel?: string },
  ): IncomingEvent {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw.headers ?? {})) {
      const t = text(v);
      if (t !== null) headers[k] = t;
    }
    const message: IncomingMessage = {
      topic: raw.topic,
      partition: raw.partition,
      offset: raw.offset,
      key: text(raw.key),
      value: text(raw.value) ?? '',
      headers,
    };
    return { pattern: eventTypeOf(message) || (options?.channel ?? raw.topic), data: message };
  }
}

/**
 * Nest's Kafka server, with handlers registered by event type: it subscribes to the stream topics
 * of those types (prefixed for the environment), and a message of a known type nobody here
 * handles is skipped quietly (a stream carries every event of its aggregate), while an unknown
 * type is handed to `onUnroutable` (dead-lettered).
 */
export class EventKafkaServer extends ServerKafka {
  private readonly commits: IntervalCommits;

  constructor(
    options: NonNullable<KafkaOptions['options']>,
    private readonly events: EventServerOptions,
    log: Logger,
  ) {
    super(options);
    this.commits = new IntervalCommits(log, undefined, events.beforeCommit);
  }

  /** The kafkajs consumer (tests watch its group joins). */
  get kafkaConsumer(): Consumer | null {
    return this.consumer;
  }

  protected override getRouteFromPattern(pattern: string): string {
    return routeOfPattern(pattern, (p) => super.getRouteFromPattern(p));
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = topicsForPatterns(this.messageHandlers.keys(), this.events.topicPrefix);
    if (topics.length > 0) await consumer.subscribe({ ...(this.options.subscribe ?? {}), topics });
    await this.commits.run(consumer, this.getMessageHandler(), this.options.run);
  }

  override async close(): Promise<void> {
    await this.commits.close();
    await super.close();
  }

  override async handleEvent(pattern: string, packet: { data: IncomingMessage }, context: KafkaContext): Promise<any> {
    if (!this.getHandlerByPattern(pattern)) {
      if (!isEventType(pattern)) await this.events.onUnroutable?.(packet.data);
      return;
    }
    return super.handleEvent(pattern, packet as never, context);
  }
}

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  partitions?: number;
  retentionMs?: number;
  /** Replicas per topic partition (1 locally; 3 in production). */
  replicationFactor?: number;
  /** Replicas that must have a write before it is acknowledged (1 locally; 2 in production). */
  minInsyncReplicas?: number;
}

/** Kafka adapter on kafkajs: idempotent producer, one consumer per group, explicit topics. */
export class KafkaTransport implements EventTransport {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private replacing: Promise<Producer> | null = null;
  private admin: Admin | null = null;
  private readonly consumers: { consumer: Consumer; commits: IntervalCommits }[] = [];

  constructor(private readonly opts: KafkaTransportOptions) {
    this.kafka = new Kafka(this.clientConfig());
  }

  private consumerLog(groupId: string): Logger {
    return this.opts.logger.child({ component: 'kafka-consumer', groupId });
  }

  private clientConfig(clientId = this.opts.clientId): KafkaConfig {
    const log = this.opts.logger.child({ component: 'kafkajs' });
    return {
      clientId,
      brokers: this.opts.brokers,
      connectionTimeout: 3000,
      requestTimeout: 10000,
      retry: { retries: 5, initialRetryTime: 200, maxRetryTime: KAFKA_MAX_RETRY_MS },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        const fn = entry.level <= logLevel.ERROR ? 'error' : entry.level === logLevel.WARN ? 'warn' : 'debug';
        log[fn]({ namespace: entry.namespace, ...rest }, message);
      },
    };
  }

  /**
   * Nest's Kafka transport for a service's `@OnEvent` handlers: one consumer group, the topics of
   * its handlers (created beforehand; never auto-created), an offset resolved only once its
   * message's handler resolved (ServerKafka waits for the handler and its observable), and
   * committed within a second (IntervalCommits). Event handlers never reply, so no reply topic is used.
   */
  createEventServer(opts: EventServerOptions): EventKafkaServer {
    return new EventKafkaServer(
      {
        postfixId: '',
        client: this.clientConfig(`${this.opts.clientId}-events`),
        consumer: { groupId: opts.groupId, ...KAFKA_CONSUMER_SETTINGS },
        subscribe: { fromBeginning: true },
        run: KAFKA_RUN_SETTINGS,
        producer: { allowAutoTopicCreation: false },
        parser: { keepBinary: true },
        deserializer: new KafkaEventDeserializer(),
      },
      opts,
      this.consumerLog(opts.groupId),
    );
  }

  /**
   * Idempotent (the broker drops a retried duplicate), ordered (one request in flight) and
   * acknowledged by all in-sync replicas; consumers are idempotent by event id besides.
   */
  private newProducer(): Producer {
    return this.kafka.producer({ ...KAFKA_PRODUCER_SETTINGS, createPartitioner: Partitioners.DefaultPartitioner });
  }

  async connect(): Promise<void> {
    this.producer = this.newProducer();
    await this.producer.connect();
    this.admin = this.kafka.admin();
    await this.admin.connect();
  }

  /**
   * Sends the messages, acknowledged by all in-sync replicas. When the broker no longer agrees with
   * the producer on its sequence numbers (it was killed and came back: `npm run chaos` saw a relay
   * refused "out of order sequence number" on every attempt until the service restarted — kafkajs
   * keeps its producer id and sequence for good), the producer is replaced by one with a new
   * producer id and the batch sent once more. A batch the broker had kept may then be on the topic
   * twice: consumers skip the second copy by event id (the inbox).
   */
  async publish(messages: OutgoingMessage[]): Promise<void> {
    const producer = this.producer;
    if (!producer) throw new Error('Kafka producer not connected');
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    const batch = {
      acks: KAFKA_ACKS,
      topicMessages: [...byTopic.entries()].map(([topic, ms]) => ({
        topic,
        messages: ms.map((m) => ({ key: m.key, value: m.value, headers: m.headers ?? {} })),
      })),
    };
    try {
      await producer.sendBatch(batch);
    } catch (err) {
      if (!producerStateLost(err)) throw err;
      this.opts.logger.warn({ err }, "kafka: the broker lost this producer's sequence; sending with a new producer id");
      await (await this.replaceProducer(producer)).sendBatch(batch);
    }
  }

  /** A connected producer in place of `stale` (one replacement however many sends found it stale). */
  private replaceProducer(stale: Producer): Promise<Producer> {
    if (this.producer && this.producer !== stale) return Promise.resolve(this.producer);
    this.replacing ??= (async () => {
      const next = this.newProducer();
      await next.connect();
      this.producer = next;
      await stale.disconnect().catch(() => undefined);
      return next;
    })().finally(() => (this.replacing = null));
    return this.replacing;
  }

  async subscribe(opts: SubscribeOptions): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: opts.groupId, ...KAFKA_CONSUMER_SETTINGS });
    await consumer.connect();
    await consumer.subscribe({ topics: opts.topics, fromBeginning: opts.fromBeginning ?? true });
    const commits = new IntervalCommits(this.consumerLog(opts.groupId));
    // Run as the event servers are: one partition's message waits for no other topic's (the
    // gateway's pushes read three topics; each took its turn behind the others' Redis publishes).
    await commits.run(
      consumer,
      async ({ topic, partition, message, heartbeat }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {}))
          if (v !== undefined) headers[k] = Array.isArray(v) ? String(v[0]) : String(v);
        await opts.handle(
          {
            topic,
            partition,
            offset: message.offset,
            key: message.key?.toString() ?? null,
            value: message.value?.toString() ?? '',
            headers,
          },
          { heartbeat },
        );
      },
      KAFKA_RUN_SETTINGS,
    );
    this.consumers.push({ consumer, commits });
  }

  async ensureTopics(topics: string[]): Promise<void> {
    const admin = this.admin ?? this.kafka.admin();
    if (!this.admin) await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = topics.filter((t) => !existing.has(t));
      if (missing.length === 0) return;
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.opts.partitions ?? 3,
          replicationFactor: this.opts.replicationFactor ?? 1,
          configEntries: [
            { name: 'retention.ms', value: String(this.opts.retentionMs ?? 7 * 24 * 3600 * 1000) },
            { name: 'min.insync.replicas', value: String(this.opts.minInsyncReplicas ?? 1) },
          ],
        })),
      });
    } finally {
      if (!this.admin) await admin.disconnect();
    }
  }

  async ping(): Promise<void> {
    if (!this.admin) throw new Error('Kafka admin not connected');
    await this.admin.describeCluster();
  }

  /**
   * Two admin requests per topic (the group's committed offsets, the partitions' latest): a
   * partition the group never committed on counts from its oldest retained message.
   */
  async consumerLag(groupId: string, topics: string[]): Promise<TopicLag[]> {
    if (!this.admin) throw new Error('Kafka admin not connected');
    const admin = this.admin;
    const committed = await admin.fetchOffsets({ groupId, topics });
    return Promise.all(
      committed.map(async ({ topic, partitions }) => {
        const ends = await admin.fetchTopicOffsets(topic);
        let lag = 0;
        for (const end of ends) {
          const c = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
          lag += Math.max(0, Number(end.high) - (c >= 0 ? c : Number(end.low)));
        }
        return { topic, lag };
      }),
    );
  }

  async disconnect(): Promise<void> {
    await Promise.allSettled(
      this.consumers.map(async ({ consumer, commits }) => {
        await commits.close();
        await consumer.disconnect();
      }),
    );
    await this.producer?.disconnect().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
  }
}
