import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger, IntervalCommits, waitFor } from '../src';

// On the real broker: offsets committed on an interval instead of after every message, and all of
// them on a clean stop, so the group's next consumer starts exactly after the last handled message.
const brokers = process.env.KAFKA_BROKERS!.split(',');
const logger = createLogger('interval-commits-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('IntervalCommits on Kafka', () => {
  it('commits a stream of single-message batches a few times rather than once per message, and everything handled when it stops', async () => {
    const kafka = new Kafka({ clientId: 'interval-commits-int', brokers, logLevel: logLevel.NOTHING });
    const topic = `test.interval-commits.${randomUUID()}`;
    const groupId = `interval-commits-${randomUUID()}`;
    const admin = kafka.admin();
    const producer = kafka.producer();
    await Promise.all([admin.connect(), producer.connect()]);
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    const committedOffset = async () =>
      Number((await admin.fetchOffsets({ groupId, topics: [topic] }))[0].partitions[0].offset);
    try {
      const N = 60;
      const handled: string[] = [];
      const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
      let commitRequests = 0;
      consumer.on(consumer.events.COMMIT_OFFSETS, () => void commitRequests++);
      let joined = false;
      consumer.on(consumer.events.GROUP_JOIN, () => void (joined = true));
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const commits = new IntervalCommits(logger, 1000);
      await commits.run(consumer, async ({ message }) => void handled.push(message.value!.toString()));
      await waitFor('the group joined', async () => joined, 30_000, 50);

      // One message at a time, each a batch of its own (as events come in production).
      const started = Date.now();
      for (let i = 0; i < N; i++) {
        await producer.send({ topic, messages: [{ value: `m${i}` }] });
        await waitFor(`m${i} handled`, async () => handled.length === i + 1, 30_000, 20);
        await sleep(15);
      }
      const seconds = (Date.now() - started) / 1000;
      expect(handled).toEqual(Array.from({ length: N }, (_, i) => `m${i}`));
      // kafkajs's autoCommit would have sent N commits; the interval, about one a second.
      expect(commitRequests).toBeGreaterThan(0);
      expect(commitRequests).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      // Within an interval of the last message, everything handled is committed.
      await waitFor('the last offset committed by the timer', async () => (await committedOffset()) === N, 5000, 50);

      // A clean stop commits what the timer had not yet.
      await producer.send({ topic, messages: [{ value: 'last' }] });
      await waitFor('last handled', async () => handled.length === N + 1, 30_000, 20);
      await commits.close();
      await consumer.disconnect();
      expect(await committedOffset()).toBe(N + 1);

      // The group's next consumer starts right after it: nothing handled twice.
      const again: string[] = [];
      const next = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
      await next.connect();
      await next.subscribe({ topics: [topic], fromBeginning: true });
      const nextCommits = new IntervalCommits(logger, 1000);
      await nextCommits.run(next, async ({ message }) => void again.push(message.value!.toString()));
      await producer.send({ topic, messages: [{ value: 'after restart' }] });
      await waitFor('the new message handled', async () => again.length > 0, 30_000, 50);
      await nextCommits.close();
      await next.disconnect();
      expect(again).toEqual(['after restart']);
    } finally {
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.deleteGroups([groupId]).catch(() => undefined);
      await Promise.all([admin.disconnect(), producer.disconnect()]);
    }
  }, 120_000);
});
