// @ts-check
// `npm run consumer:rewind -- <service> --to <ISO date-time> [--dry-run]`
// After a service's database is restored from a backup taken at <date-time>, its consumer group
// (`<KAFKA_GROUP_PREFIX><service>.events`) is moved back to the first message of each partition
// written at or after that time, so the service reads again every event it had applied after the
// backup (its inbox, restored with the database, skips what the backup already holds). A partition
// is only ever moved back, never forward (nothing unread is skipped). The service must be stopped:
// Kafka refuses to move the offsets of a group with members. --dry-run prints the plan only.
import { Kafka, logLevel } from 'kafkajs';
import { parseCommandLine, usageError } from './args.mjs';

const USAGE =
  'usage: KAFKA_BROKERS=host:port [KAFKA_GROUP_PREFIX=...] npm run consumer:rewind -- <service> --to <ISO date-time, e.g. 2026-11-23T04:00:00Z> [--dry-run]\n' +
  '  (in the jobs image: node infra/scripts/consumer-rewind.mjs ...)';
// --help: the usage, exit 0 (the containers phase runs it in the jobs image)
const { values, positionals } = parseCommandLine({
  usage: USAGE,
  options: { to: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const dryRun = values['dry-run'];
const [service] = positionals;
const at = values.to ? Date.parse(values.to) : NaN;
if (!service || positionals.length > 1 || Number.isNaN(at) || !process.env.KAFKA_BROKERS) usageError('', USAGE);
const groupId = `${process.env.KAFKA_GROUP_PREFIX ?? ''}${service}.events`;
const kafka = new Kafka({
  clientId: 'luxe-consumer-rewind',
  brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
  logLevel: logLevel.WARN,
});
const admin = kafka.admin();
await admin.connect();
try {
  const { groups } = await admin.describeGroups([groupId]);
  const state = groups[0]?.state ?? 'Dead';
  if (state !== 'Empty' && state !== 'Dead') {
    console.error(`consumer group ${groupId} is ${state}: stop every instance of ${service} first`);
    process.exitCode = 75;
  } else {
    const committed = (await admin.fetchOffsets({ groupId })).filter((t) =>
      t.partitions.some((p) => p.offset !== '-1'),
    );
    if (committed.length === 0) {
      console.error(`consumer group ${groupId} has no committed offsets: nothing to rewind`);
      process.exitCode = 66;
    } else {
      console.log(`${dryRun ? 'would rewind' : 'rewinding'} ${groupId} to ${new Date(at).toISOString()}`);
      for (const { topic, partitions } of committed) {
        const byTime = await admin.fetchTopicOffsetsByTimestamp(topic, at);
        const moves = [];
        for (const p of partitions) {
          if (p.offset === '-1') continue;
          const target = byTime.find((x) => x.partition === p.partition);
          const offset = target ? Math.min(Number(target.offset), Number(p.offset)) : Number(p.offset);
          console.log(`  ${topic}[${p.partition}]: ${p.offset} -> ${offset}`);
          if (offset !== Number(p.offset)) moves.push({ partition: p.partition, offset: String(offset) });
        }
        if (!dryRun && moves.length) await admin.setOffsets({ groupId, topic, partitions: moves });
      }
    }
  }
} finally {
  await admin.disconnect();
}
