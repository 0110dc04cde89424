import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '../src';

// `npm run consumer:rewind -- <service> --to <time>` on the real broker: after a database restore,
// the service's consumer group goes back to the first message written at or after the backup's
// time; never forward; refused while the service runs; --dry-run changes nothing.
const ROOT = resolve(__dirname, '..', '..', '..');
const brokers = process.env.KAFKA_BROKERS!;
const PREFIX = `rw${randomUUID().slice(0, 8)}.`;
const SERVICE = 'rewindtest';
const GROUP = `${PREFIX}${SERVICE}.events`;
const TOPIC = `${PREFIX}platform.rewind`;
const kafka = new Kafka({
  clientId: 'consumer-rewind-int',
  brokers: (brokers ?? '').split(','),
  logLevel: logLevel.NOTHING,
});
const admin = kafka.admin();

function rewind(...args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'infra/scripts/consumer-rewind.mjs'), SERVICE, ...args], {
    env: { ...process.env, KAFKA_GROUP_PREFIX: PREFIX },
    encoding: 'utf8',
    timeout: 60_000,
  });
}
const committed = async () =>
  Number((await admin.fetchOffsets({ groupId: GROUP, topics: [TOPIC] }))[0].partitions[0].offset);

/** Reads the topic to its end in the group and commits, as the service would. */
async function consumeAll(expected: number): Promise<Consumer> {
  const consumer = kafka.consumer({ groupId: GROUP, allowAutoTopicCreation: false });
  await consumer.connect();
  await consumer.subscribe({ topics: [TOPIC], fromBeginning: true });
  let seen = 0;
  await consumer.run({ eachMessage: async () => void seen++ });
  await waitFor(
    'the group read every message',
    async () => seen >= expected && (await committed().catch(() => -1)) === expected,
    60_000,
  );
  return consumer;
}

let backupTime: Date;
beforeAll(async () => {
  if (!brokers) throw new Error('KAFKA_BROKERS must be set (infra/local/up.sh)');
  await admin.connect();
  await admin.createTopics({ topics: [{ topic: TOPIC, numPartitions: 1 }], waitForLeaders: true });
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  const now = Date.now();
  // Three messages before the backup, two after (their timestamps set explicitly, a minute apart).
  await producer.send({
    topic: TOPIC,
    messages: [0, 1, 2].map((i) => ({ key: 'k', value: `before ${i}`, timestamp: String(now - 600_000 + i * 1000) })),
  });
  backupTime = new Date(now - 300_000);
  await producer.send({
    topic: TOPIC,
    messages: [0, 1].map((i) => ({ key: 'k', value: `after ${i}`, timestamp: String(now - 120_000 + i * 1000) })),
  });
  await producer.disconnect();
}, 120_000);

afterAll(async () => {
  await admin.deleteGroups([GROUP]).catch(() => undefined);
  await admin.deleteTopics({ topics: [TOPIC] }).catch(() => undefined);
  await admin.disconnect();
});

describe('consumer:rewind', () => {
  it('is refused while the service consumes, plans without changing on --dry-run, then moves back to the backup time', async () => {
    const consumer = await consumeAll(5);
    const busy = rewind('--to', backupTime.toISOString());
    expect(busy.status).toBe(75);
    expect(busy.stderr).toContain(`consumer group ${GROUP} is`);
    await consumer.disconnect();
    await waitFor(
      'the group is empty',
      async () => (await admin.describeGroups([GROUP])).groups[0].state === 'Empty',
      60_000,
    );

    const dry = rewind('--to', backupTime.toISOString(), '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`${TOPIC}[0]: 5 -> 3`);
    expect(await committed()).toBe(5);

    const done = rewind('--to', backupTime.toISOString());
    expect([done.status, done.stderr]).toEqual([0, '']);
    expect(await committed()).toBe(3);

    // Never forward: a later time than where the group stands leaves it where it is.
    const later = rewind('--to', new Date().toISOString());
    expect(later.status).toBe(0);
    expect(await committed()).toBe(3);

    // The service, started again, reads exactly what came after the backup.
    const again = kafka.consumer({ groupId: GROUP, allowAutoTopicCreation: false });
    const values: string[] = [];
    await again.connect();
    await again.subscribe({ topics: [TOPIC], fromBeginning: true });
    await again.run({ eachMessage: async ({ message }) => void values.push(String(message.value)) });
    await waitFor('the messages after the backup are read again', async () => values.length >= 2, 60_000);
    await again.disconnect();
    expect(values).toEqual(['after 0', 'after 1']);
  }, 240_000);

  it('refuses bad arguments and a group that never committed', () => {
    expect(rewind().status).toBe(64);
    expect(rewind('--to', 'yesterday-ish').status).toBe(64);
    const none = spawnSync(
      process.execPath,
      [join(ROOT, 'infra/scripts/consumer-rewind.mjs'), 'nobody', '--to', new Date().toISOString()],
      { env: { ...process.env, KAFKA_GROUP_PREFIX: PREFIX }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(none.status).toBe(66);
  });
});
