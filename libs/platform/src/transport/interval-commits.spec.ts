import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Consumer, ConsumerRunConfig, EachBatchPayload, EachMessagePayload, KafkaMessage } from 'kafkajs';
import { createLogger } from '../logger';
import { deliveryRuns, MAX_DELIVERY_RUN } from './delivery-run';
import { IntervalCommits, stoppedConsumers } from './interval-commits';

const logger = createLogger('interval-commits-test', 'silent');
const INTERVAL = 1000;

/** A consumer group as kafkajs keeps it: offsets resolved (next to read), offsets committed, the commits sent. */
function fakeGroup() {
  const resolved = new Map<number, string>();
  const committed = new Map<number, string>();
  const commits: { partition: number; offset: string }[][] = [];
  let running = true;
  const listeners = new Map<string, ((e: { payload: any }) => void)[]>();
  let config: ConsumerRunConfig | null = null;
  const consumer = {
    events: { REBALANCING: 'consumer.rebalancing', CRASH: 'consumer.crash', GROUP_JOIN: 'consumer.group_join' },
    on: jest.fn((event: string, fn: (e: { payload: any }) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return () => undefined;
    }),
    run: jest.fn(async (c: ConsumerRunConfig) => void (config = c)),
  } as unknown as Consumer;
  const uncommitted = () => ({
    topics: [
      {
        topic: 't',
        partitions: [...resolved]
          .filter(([p, o]) => committed.get(p) !== o)
          .map(([partition, offset]) => ({ partition, offset })),
      },
    ].filter((t) => t.partitions.length > 0),
  });
  const payload = (
    partition: number,
    offsets: number[],
    heartbeat: () => Promise<void> = async () => undefined,
  ): EachBatchPayload =>
    ({
      batch: {
        topic: 't',
        partition,
        messages: offsets.map(
          (o) =>
            ({
              offset: String(o),
              value: Buffer.from(`m${o}`),
              key: null,
              headers: {},
              timestamp: '0',
              attributes: 0,
            }) as KafkaMessage,
        ),
      },
      resolveOffset: (o: string) => void resolved.set(partition, String(Number(o) + 1)),
      heartbeat,
      pause: () => () => undefined,
      // kafkajs: with offsets, commits them; without, only when its own interval is due (never here).
      commitOffsetsIfNecessary: async (o?: {
        topics: { topic: string; partitions: { partition: number; offset: string }[] }[];
      }) => {
        if (!o) return;
        const sent = o.topics.flatMap((t) => t.partitions.map(({ partition, offset }) => ({ partition, offset })));
        commits.push(sent);
        for (const { partition, offset } of sent) committed.set(partition, offset);
      },
      uncommittedOffsets: uncommitted,
      isRunning: () => running,
      isStale: () => false,
    }) as unknown as EachBatchPayload;
  return {
    consumer,
    commits,
    committed,
    payload,
    eachBatch: (p: EachBatchPayload) => config!.eachBatch!(p),
    config: () => config!,
    stop: () => void (running = false),
    rebalance: () => (listeners.get('consumer.rebalancing') ?? []).forEach((fn) => fn({ payload: {} })),
    /** kafkajs's instrumentation event `event` with this payload. */
    emit: (event: string, payload: any) => (listeners.get(event) ?? []).forEach((fn) => fn({ payload })),
  };
}

describe('IntervalCommits: offsets committed on an interval, not after every batch', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('hands each message over in order, resolves its offset once its handler resolved, and commits only when the interval is up', async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    const seen: string[] = [];
    await commits.run(
      g.consumer,
      async (m: EachMessagePayload) => void seen.push(`${m.partition}:${m.message.offset}`),
      { partitionsConsumedConcurrently: 3 },
    );
    expect(g.config()).toMatchObject({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: 3,
    });
    expect(g.config().eachMessage).toBeUndefined();

    await g.eachBatch(g.payload(0, [5]));
    await g.eachBatch(g.payload(0, [6, 7]));
    await g.eachBatch(g.payload(1, [0]));
    expect(seen).toEqual(['0:5', '0:6', '0:7', '1:0']);
    expect(g.commits).toEqual([]);

    await jest.advanceTimersByTimeAsync(INTERVAL);
    // One commit for everything handled: the next offset to read on each partition.
    expect(g.commits).toEqual([
      [
        { partition: 0, offset: '8' },
        { partition: 1, offset: '1' },
      ],
    ]);

    // Nothing new: no commit, however long it waits.
    await jest.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(g.commits).toHaveLength(1);
  });

  it("applies a batch's one-statement deliveries together (DeliveryRun): before any other delivery, when full, at the batch's end; offsets resolved only once applied", async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    const log: string[] = [];
    const together = async (items: string[]) => void log.push(`together ${items.join(',')}`);
    // Offsets ending in 5 are handled alone, the others join the run (a oneStatement route's way).
    await commits.run(g.consumer, async (m) => {
      const run = deliveryRuns.getStore();
      if (!run) throw new Error('no run in a batch');
      if (m.message.offset.endsWith('5')) {
        await run.flush();
        log.push(`alone ${m.message.offset}`);
        return;
      }
      await run.add(m.message.offset, together);
      // Added, not applied: nothing of it may be committed yet.
      await commits.flush();
    });
    await g.eachBatch(g.payload(0, [1, 2, 5, 6, 7]));
    expect(log).toEqual(['together 1,2', 'alone 5', 'together 6,7']);
    // The commits tried in the handler: nothing while 1 and 2 waited; 6 (after 1, 2 and 5) while 6 and 7 waited.
    expect(g.commits).toEqual([[{ partition: 0, offset: '6' }]]);
    await commits.flush();
    expect(g.commits).toEqual([[{ partition: 0, offset: '6' }], [{ partition: 0, offset: '8' }]]);

    // A run is applied when it is full, MAX_DELIVERY_RUN at a time.
    log.length = 0;
    const many = Array.from({ length: MAX_DELIVERY_RUN + 3 }, (_, i) => 100 + i * 10 + 1);
    await g.eachBatch(g.payload(1, many));
    expect(log.map((l) => l.split(',').length)).toEqual([MAX_DELIVERY_RUN, 3]);
    expect(deliveryRuns.getStore()).toBeUndefined();
  });

  it('does not resolve the offset of a message whose handler failed', async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    await commits.run(g.consumer, async (m) => {
      if (m.message.offset === '3') throw new Error('dead-letter write failed');
    });
    await expect(g.eachBatch(g.payload(0, [2, 3, 4]))).rejects.toThrow('dead-letter write failed');
    await commits.flush();
    expect(g.commits).toEqual([[{ partition: 0, offset: '3' }]]);
  });

  it('commits at the end of the batch in hand when the consumer is stopping, and what the timer had not committed yet on close()', async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    await commits.run(g.consumer, async () => undefined);
    await g.eachBatch(g.payload(0, [0, 1]));
    expect(g.commits).toEqual([]);
    await commits.close();
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }]]);
    // A batch that ends while closing (kafkajs still running it) commits at its end.
    await g.eachBatch(g.payload(0, [2]));
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }], [{ partition: 0, offset: '3' }]]);

    const h = fakeGroup();
    const other = new IntervalCommits(logger, INTERVAL);
    await other.run(h.consumer, async () => void h.stop());
    await h.eachBatch(h.payload(2, [9, 10]));
    // Stopped after the first message: the second is not handed over, the first is committed.
    expect(h.commits).toEqual([[{ partition: 2, offset: '10' }]]);
  });

  it('commits what is handled when a heartbeat says the group is rebalancing, then lets kafkajs rejoin', async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    const rebalancing = Object.assign(new Error('The group is rebalancing, so a rejoin is needed'), {
      type: 'REBALANCE_IN_PROGRESS',
    });
    let beats = 0;
    const heartbeat = async () => {
      if (++beats === 2) throw rebalancing;
    };
    const seen: string[] = [];
    await commits.run(g.consumer, async (m) => void seen.push(m.message.offset));
    await expect(g.eachBatch(g.payload(0, [0, 1, 2], heartbeat))).rejects.toBe(rebalancing);
    // The third message waits for the next owner; the two handled are committed.
    expect(seen).toEqual(['0', '1']);
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }]]);

    // A rebalance kafkajs finds on a fetch: the instrumentation event flushes too.
    await g.eachBatch(g.payload(1, [4]));
    expect(g.commits).toHaveLength(1);
    g.rebalance();
    await jest.advanceTimersByTimeAsync(0);
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }], [{ partition: 1, offset: '5' }]]);
  });

  it('logs a refused commit and keeps consuming (the next owner handles those events again)', async () => {
    const g = fakeGroup();
    const commits = new IntervalCommits(logger, INTERVAL);
    await commits.run(g.consumer, async () => undefined);
    const p = g.payload(0, [0]);
    p.commitOffsetsIfNecessary = async () => {
      throw Object.assign(new Error('Specified group generation id is not valid'), { type: 'ILLEGAL_GENERATION' });
    };
    await g.eachBatch(p);
    await expect(commits.flush()).resolves.toBeUndefined();
    await g.eachBatch(g.payload(0, [1]));
    await commits.flush();
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }]]);
  });

  it('runs beforeCommit once before each commit, for offsets taken before it began; nothing to commit, no call', async () => {
    const g = fakeGroup();
    const order: string[] = [];
    let handledDuringFlush = false;
    const commits = new IntervalCommits(logger, INTERVAL, async () => {
      order.push(`flush (commits so far: ${g.commits.length})`);
      // A message handled while the flush runs is not in this commit: it may not be durable yet.
      if (!handledDuringFlush) {
        handledDuringFlush = true;
        await g.eachBatch(g.payload(0, [2]));
      }
    });
    await commits.run(g.consumer, async (m) => void order.push(`handle ${m.message.offset}`));
    await g.eachBatch(g.payload(0, [0, 1]));
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(order).toEqual(['handle 0', 'handle 1', 'flush (commits so far: 0)', 'handle 2']);
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }]]);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(g.commits).toEqual([[{ partition: 0, offset: '2' }], [{ partition: 0, offset: '3' }]]);
    // Nothing handled since: neither a flush nor a commit.
    await jest.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(order.filter((o) => o.startsWith('flush'))).toHaveLength(2);
  });

  it('commits nothing when beforeCommit fails, and commits those offsets once it succeeds', async () => {
    const g = fakeGroup();
    let down = true;
    const commits = new IntervalCommits(logger, INTERVAL, async () => {
      if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:55432');
    });
    await commits.run(g.consumer, async () => undefined);
    await g.eachBatch(g.payload(0, [0]));
    await expect(commits.flush()).resolves.toBeUndefined();
    expect(g.commits).toEqual([]);
    // Stopping with the database down: the batch's end fails, nothing is committed.
    g.stop();
    await expect(g.eachBatch(g.payload(1, [7]))).rejects.toThrow('ECONNREFUSED');
    expect(g.commits).toEqual([]);
    down = false;
    await commits.flush();
    expect(g.commits).toEqual([[{ partition: 0, offset: '1' }]]);
  });
});

describe('a consumer kafkajs stops for good is recorded (health fails on it)', () => {
  afterEach(() => stoppedConsumers.clear());

  it('records the group and the cause when a crash is not restarted, and nothing when it is', async () => {
    const g = fakeGroup();
    await new IntervalCommits(logger).run(g.consumer, async () => undefined);
    const retried = Object.assign(new Error('The group is rebalancing'), { name: 'KafkaJSProtocolError' });
    g.emit('consumer.crash', { error: retried, groupId: 'social', restart: true });
    expect(Object.fromEntries(stoppedConsumers)).toEqual({});
    const fatal = Object.assign(new Error('Not authorized to access group'), { name: 'KafkaJSProtocolError' });
    g.emit('consumer.crash', { error: fatal, groupId: 'social', restart: false });
    expect(Object.fromEntries(stoppedConsumers)).toEqual({
      social: 'KafkaJSProtocolError: Not authorized to access group',
    });
  });

  it('forgets the group once its consumer joins again', async () => {
    const g = fakeGroup();
    await new IntervalCommits(logger).run(g.consumer, async () => undefined);
    g.emit('consumer.crash', { error: new Error('gone'), groupId: 'venues', restart: false });
    g.emit('consumer.group_join', { groupId: 'other' });
    expect([...stoppedConsumers.keys()]).toEqual(['venues']);
    g.emit('consumer.group_join', { groupId: 'venues' });
    expect(stoppedConsumers.size).toBe(0);
  });
});
