import { randomUUID } from 'node:crypto';
import { EntityManager, DataSource } from 'typeorm';
import { EventData, EventEnvelope, EventType, EVENT_VERSION, parseEventData, topicFor } from '@luxe/contracts';
import { currentCorrelationId, CORRELATION_HEADER } from './correlation';
import type { EventTransport } from './transport/transport';
import type { Logger } from './logger';

/**
 * Writes events in the caller's transaction: `outbox.add(manager, type, key, data)`.
 * The data is checked against the event's schema, so a bad payload rolls the change back.
 */
export class Outbox {
  constructor(private readonly producer: string) {}

  async add<T extends EventType>(manager: EntityManager, type: T, key: string, data: EventData<T>): Promise<EventEnvelope<EventData<T>>> {
    if (!manager.queryRunner?.isTransactionActive) throw new Error('Outbox.add must run inside a transaction');
    const checked = parseEventData(type, data);
    const envelope: EventEnvelope<EventData<T>> = {
      id: randomUUID(),
      type,
      version: EVENT_VERSION,
      occurredAt: new Date().toISOString(),
      producer: this.producer,
      key,
      data: checked,
    };
    await manager.query(
      `INSERT INTO outbox_events (id, type, version, topic, key, envelope, correlation_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [envelope.id, type, envelope.version, topicFor(type), key, JSON.stringify(envelope), currentCorrelationId() ?? null],
    );
    return envelope;
  }
}

export interface RelayOptions {
  pollMs?: number;
  batchSize?: number;
  /** Fault injection for tests only: what to do after publishing and before marking. */
  fault?: 'crash-after-publish' | null;
}

/**
 * Publishes outbox rows after commit and marks them published. Rows are claimed with
 * FOR UPDATE SKIP LOCKED inside a transaction, so two relays never publish the same row at
 * the same time, and a relay that dies between publishing and marking leaves the row
 * unpublished: it is published again (consumers are idempotent by event id).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly ds: DataSource,
    private readonly transport: EventTransport,
    private readonly logger: Logger,
    private readonly opts: RelayOptions = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current.catch(() => undefined);
  }

  /** Publishes everything pending now; returns how many rows were published. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.publishBatch();
      total += n;
      if (n === 0) return total;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = this.tick();
    }, ms);
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let published = 0;
    try {
      published = await this.publishBatch();
    } catch (err) {
      this.logger.warn({ err }, 'outbox relay: publish failed, will retry');
    } finally {
      this.running = false;
      this.schedule(published > 0 ? 0 : (this.opts.pollMs ?? 200));
    }
  }

  async publishBatch(): Promise<number> {
    const qr = this.ds.createQueryRunner();
    await qr.connect();
    try {
      await qr.startTransaction();
      const rows: { id: string; topic: string; key: string; envelope: EventEnvelope; correlation_id: string | null }[] = await qr.query(
        `SELECT id, topic, key, envelope, correlation_id FROM outbox_events WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.opts.batchSize ?? 100],
      );
      if (rows.length === 0) {
        await qr.commitTransaction();
        return 0;
      }
      try {
        await this.transport.publish(
          rows.map((r) => ({
            topic: r.topic,
            key: r.key,
            value: JSON.stringify(r.envelope),
            headers: (r.correlation_id ? { [CORRELATION_HEADER]: r.correlation_id } : {}) as Record<string, string>,
          })),
        );
      } catch (err) {
        await qr.rollbackTransaction();
        await this.ds.query(`UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = ANY($1::uuid[])`, [
          rows.map((r) => r.id),
          String((err as Error)?.message ?? err).slice(0, 1000),
        ]);
        throw err;
      }
      if (this.opts.fault === 'crash-after-publish') {
        this.logger.warn('outbox relay: fault injection, crashing after publish and before marking');
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => undefined);
      }
      await qr.query(`UPDATE outbox_events SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
      await qr.commitTransaction();
      this.logger.debug({ count: rows.length }, 'outbox relay: published');
      return rows.length;
    } catch (err) {
      if (qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await qr.release();
    }
  }
}
