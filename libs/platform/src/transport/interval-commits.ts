import type { Consumer, ConsumerRunConfig, EachBatchPayload, EachMessagePayload } from 'kafkajs';
import type { Logger } from '../logger';
import { DeliveryRun, deliveryRuns, MAX_DELIVERY_RUN } from './delivery-run';

/** How often a consumer commits the offsets it has handled (Kafka's own clients: 5 s by default). */
export const KAFKA_COMMIT_INTERVAL_MS = 1000;

/**
 * The consumer groups of this process whose consumer kafkajs has stopped for good, with the cause:
 * kafkajs restarts a crashed consumer only when the cause is retriable, and otherwise leaves the
 * process running, serving requests and ready, while nothing reads its events any more (a broker
 * electing leaders after an outage was one such cause: patches/kafkajs+2.2.4.patch; any other does
 * the same). Only a restart brings it back,
 * so health fails on it (HealthController, the gateway's): liveness, for the orchestrator to
 * restart the process, and readiness.
 */
export const stoppedConsumers = new Map<string, string>();

/**
 * Runs a kafkajs consumer as `eachMessage` does (one message at a time per partition, a heartbeat
 * after each, the offset resolved once its handler resolved), but commits offsets at most every
 * `intervalMs` instead of after every batch. kafkajs's `autoCommit` commits at the end of every
 * batch whatever `autoCommitInterval` says (tulios/kafkajs#759), and when events come one at a time
 * a batch is one message: one OffsetCommit per event per consumer group (four for each booking
 * event on the bookings stream), each a request and a log append on the broker, at the moment the
 * next event's consumers want the two cores.
 *
 * Offsets are also committed before the consumer leaves its generation, as kafkajs does with
 * autoCommit: when it stops (the batch in hand, and what the timer had not committed yet: `close()`
 * before the consumer's disconnect) and when a heartbeat says the group is rebalancing. A crash
 * leaves at most an interval's offsets uncommitted: those events come again and the inbox skips
 * them (at-least-once delivery, effects applied once).
 */
export class IntervalCommits {
  private timer: NodeJS.Timeout | null = null;
  private closing = false;
  /** Commits what is resolved and not committed yet (the consumer group's, captured from a batch). */
  private commitResolved: (() => Promise<void>) | null = null;

  constructor(
    private readonly log: Logger,
    private readonly intervalMs = KAFKA_COMMIT_INTERVAL_MS,
    /** Before each commit, for the offsets taken just before it (`EventServerOptions.beforeCommit`). */
    private readonly beforeCommit?: () => Promise<void>,
  ) {}

  /** Runs the consumer: `handle` gets each message with the payload `eachMessage` would. */
  async run(
    consumer: Consumer,
    handle: (payload: EachMessagePayload) => Promise<void>,
    options: Pick<ConsumerRunConfig, 'partitionsConsumedConcurrently'> = {},
  ): Promise<void> {
    // A rebalance found by a fetch rather than a heartbeat: commit while the generation may still take it.
    consumer.on(consumer.events.REBALANCING, () => void this.flush());
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart) return;
      const cause =
        payload.error instanceof Error ? `${payload.error.name}: ${payload.error.message}` : String(payload.error);
      stoppedConsumers.set(payload.groupId, cause);
      this.log.error(
        { err: payload.error, groupId: payload.groupId },
        'kafka: the consumer stopped for good (a cause kafkajs does not retry); health fails until the process restarts',
      );
    });
    // A consumer started again in this process (run once more) reads again.
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => void stoppedConsumers.delete(payload.groupId));
    await consumer.run({
      ...options,
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.eachBatch(payload, handle),
    });
  }

  private async eachBatch(p: EachBatchPayload, handle: (payload: EachMessagePayload) => Promise<void>): Promise<void> {
    const { batch } = p;
    const commitResolved = async () => {
      // Taken before beforeCommit: every handler these offsets cover had finished when it began.
      const offsets = p.uncommittedOffsets();
      if (offsets.topics.length === 0) return;
      await this.beforeCommit?.();
      // With offsets given, kafkajs commits them at once (without, only when its own interval is due).
      await p.commitOffsetsIfNecessary(offsets);
    };
    this.commitResolved = commitResolved;
    const heartbeat = async () => {
      try {
        await p.heartbeat();
      } catch (err) {
        // The group is rebalancing (or this member was fenced): what is handled is committed while
        // the generation still accepts it, so the partitions' next owner does not handle it again.
        await commitResolved().catch((e) =>
          this.log.debug({ err: e }, 'kafka: offsets not committed before the rebalance'),
        );
        throw err;
      }
    };
    // Deliveries that are one statement each wait in the run and go to the database together
    // (DeliveryRun); a message's offset is resolved once what it did is applied.
    const run = new DeliveryRun();
    let handled: string[] = [];
    const settle = async () => {
      await run.flush();
      for (const offset of handled) p.resolveOffset(offset);
      handled = [];
    };
    for (const message of batch.messages) {
      if (!p.isRunning() || p.isStale()) break;
      await deliveryRuns.run(run, () =>
        handle({ topic: batch.topic, partition: batch.partition, message, heartbeat, pause: p.pause }),
      );
      handled.push(message.offset);
      if (run.size === 0 || run.size >= MAX_DELIVERY_RUN) await settle();
      await heartbeat();
    }
    await settle();
    // Stopping (kafkajs waits for this batch before leaving the group): commit now, not on the timer.
    if (this.closing || !p.isRunning()) await commitResolved();
    else this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Commits what has been handled and not committed yet; a failure (a rebalance under way) is logged, the next owner handles those again. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.commitResolved?.().catch((err) => this.log.debug({ err }, 'kafka: offset commit failed'));
  }

  /** Before the consumer disconnects: commits what is handled, and makes every later batch commit at its end. */
  async close(): Promise<void> {
    this.closing = true;
    await this.flush();
  }
}
