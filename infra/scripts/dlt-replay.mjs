// @ts-check
// `npm run dlt:replay -- <topic> [--group <consumer>] [--dry-run]`
// Replays a dead-letter topic into its source topic, once the cause is fixed: every message the
// replay has not yet taken is published again to `<topic>` (the name without `.dlt`) with its key,
// value and headers (the x-dlt-* headers dropped, x-dlt-replayed-from-offset added). Consumers
// skip what they already applied (inbox by event id, aggregate sequence). The replay's own consumer
// group (`<KAFKA_GROUP_PREFIX>dlt-replay[.<consumer>]`) remembers how far it got, so a message is replayed once;
// --group replays only what that consumer dead-lettered (x-dlt-group); --dry-run only lists.
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { parseCommandLine, usageError } from './args.mjs';

const USAGE =
  'usage: KAFKA_BROKERS=host:port [KAFKA_GROUP_PREFIX=...] npm run dlt:replay -- <topic or topic.dlt> [--group <consumer>] [--dry-run]\n' +
  '  (in the jobs image: node infra/scripts/dlt-replay.mjs ...)';
// --help: the usage, exit 0 (the containers phase runs it in the jobs image)
const { values, positionals } = parseCommandLine({
  usage: USAGE,
  options: { group: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dryRun = values['dry-run'];
const onlyGroup = values.group;
const [given] = positionals;
if (!given || positionals.length > 1 || !process.env.KAFKA_BROKERS) usageError('', USAGE);
const dlt = given.endsWith('.dlt') ? given : `${given}.dlt`;
const source = dlt.slice(0, -'.dlt'.length);
// One replay position per filter, so replaying one consumer's letters leaves the others' for later.
const groupId = `${process.env.KAFKA_GROUP_PREFIX ?? ''}dlt-replay${onlyGroup ? `.${onlyGroup}` : ''}`;

const kafka = new Kafka({
  clientId: 'luxe-dlt-replay',
  brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
  logLevel: logLevel.WARN,
});
const admin = kafka.admin();
await admin.connect();
const topics = new Set(await admin.listTopics());
for (const t of [dlt, source]) {
  if (!topics.has(t)) {
    console.error(`topic ${t} does not exist`);
    await admin.disconnect();
    process.exit(66);
  }
}
// Where to stop: the end of each partition now. Where to start: where the replay group got to.
const ends = await admin.fetchTopicOffsets(dlt);
const [committed] = await admin.fetchOffsets({ groupId, topics: [dlt] });
await admin.disconnect();
/** @param {{ partition: number, low: string }} p */
const startOf = (p) => {
  const c = committed.partitions.find((x) => x.partition === p.partition);
  return c && c.offset !== '-1' ? Number(c.offset) : Number(p.low);
};
const todo = new Map(ends.filter((p) => startOf(p) < Number(p.high)).map((p) => [p.partition, Number(p.high)]));
if (todo.size === 0) {
  console.log(`nothing to replay from ${dlt}`);
  process.exit(0);
}

// The platform's partitioner, so a replayed message lands on its key's partition again.
const producer = kafka.producer({
  idempotent: true,
  maxInFlightRequests: 1,
  allowAutoTopicCreation: false,
  createPartitioner: Partitioners.DefaultPartitioner,
});
const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
await producer.connect();
await consumer.connect();
await consumer.subscribe({ topics: [dlt], fromBeginning: true });
let replayed = 0;
const reached = new Map();
let skipped = 0;
const done = new Promise(
  /** @param {(v?: void) => void} resolve */ (resolve) => {
    consumer.run({
      autoCommit: !dryRun,
      eachMessage: async ({ partition, message }) => {
        const end = todo.get(partition);
        if (end === undefined || Number(message.offset) >= end) return;
        /** @type {import('kafkajs').IHeaders} */
        const headers = {};
        for (const [k, v] of Object.entries(message.headers ?? {}))
          if (!k.startsWith('x-dlt-') && v !== undefined) headers[k] = v;
        const group = message.headers?.['x-dlt-group']?.toString();
        const reason = message.headers?.['x-dlt-reason']?.toString();
        if (onlyGroup && group !== onlyGroup) skipped++;
        else if (dryRun) {
          console.log(
            `would replay ${dlt}[${partition}]@${message.offset} key=${message.key} group=${group} reason=${reason}`,
          );
          replayed++;
        } else {
          headers['x-dlt-replayed-from-offset'] = `${partition}:${message.offset}`;
          await producer.send({
            topic: source,
            acks: -1,
            messages: [{ key: message.key, value: message.value, headers }],
          });
          replayed++;
        }
        reached.set(partition, Number(message.offset) + 1);
        if (Number(message.offset) >= end - 1) todo.delete(partition);
        if (todo.size === 0) resolve();
      },
    });
  },
);
await done;
// Committed before leaving, so the next replay starts after what this one took.
if (!dryRun)
  await consumer.commitOffsets(
    [...reached].map(([partition, offset]) => ({ topic: dlt, partition, offset: String(offset) })),
  );
await consumer.disconnect();
await producer.disconnect();
console.log(
  `${dryRun ? 'would replay' : 'replayed'} ${replayed} message(s) from ${dlt} to ${source}${skipped ? ` (${skipped} of other consumers left)` : ''}`,
);
