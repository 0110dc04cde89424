import { Admin, Consumer, Kafka, logLevel, Partitioners, Producer } from 'kafkajs';
import type { Logger } from '../logger';
import type { EventTransport, OutgoingMessage, SubscribeOptions } from './transport';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  partitions?: number;
  retentionMs?: number;
}

/** Kafka adapter on kafkajs: idempotent producer, one consumer per group, explicit topics. */
export class KafkaTransport implements EventTransport {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private admin: Admin | null = null;
  private readonly consumers: Consumer[] = [];

  constructor(private readonly opts: KafkaTransportOptions) {
    const log = opts.logger.child({ component: 'kafkajs' });
    this.kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      connectionTimeout: 3000,
      requestTimeout: 10000,
      retry: { retries: 5, initialRetryTime: 200 },
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => {
        const { message, ...rest } = entry.log;
        const fn = entry.level <= logLevel.ERROR ? 'error' : entry.level === logLevel.WARN ? 'warn' : 'debug';
        log[fn]({ namespace: entry.namespace, ...rest }, message);
      },
    });
  }

  async connect(): Promise<void> {
    // Ordered (one request in flight) and acknowledged by all replicas; duplicates from a retry are
    // harmless because consumers are idempotent by event id.
    this.producer = this.kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: false, createPartitioner: Partitioners.DefaultPartitioner });
    await this.producer.connect();
    this.admin = this.kafka.admin();
    await this.admin.connect();
  }

  async publish(messages: OutgoingMessage[]): Promise<void> {
    if (!this.producer) throw new Error('Kafka producer not connected');
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m]);
    await this.producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic.entries()].map(([topic, ms]) => ({ topic, messages: ms.map((m) => ({ key: m.key, value: m.value, headers: m.headers ?? {} })) })),
    });
  }

  async subscribe(opts: SubscribeOptions): Promise<void> {
    const consumer = this.kafka.consumer({ groupId: opts.groupId, allowAutoTopicCreation: false, sessionTimeout: 10000, heartbeatInterval: 1000, retry: { retries: 10 } });
    await consumer.connect();
    await consumer.subscribe({ topics: opts.topics, fromBeginning: true });
    await consumer.run({
      autoCommit: true,
      eachMessage: async ({ topic, partition, message }) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(message.headers ?? {})) if (v !== undefined) headers[k] = Array.isArray(v) ? String(v[0]) : String(v);
        await opts.handle({ topic, partition, offset: message.offset, key: message.key?.toString() ?? null, value: message.value?.toString() ?? '', headers });
      },
    });
    this.consumers.push(consumer);
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
          replicationFactor: 1,
          configEntries: [{ name: 'retention.ms', value: String(this.opts.retentionMs ?? 7 * 24 * 3600 * 1000) }],
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

  async disconnect(): Promise<void> {
    await Promise.allSettled(this.consumers.map((c) => c.disconnect()));
    await this.producer?.disconnect().catch(() => undefined);
    await this.admin?.disconnect().catch(() => undefined);
  }
}
