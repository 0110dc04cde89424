// @ts-check
// `npm run topics`: creates every event topic and dead-letter topic on KAFKA_BROKERS (with KAFKA_TOPIC_PREFIX),
// KAFKA_TOPIC_PARTITIONS partitions each (default 3; the Helm chart's kafka.partitions). A consumer group
// reads with at most one instance per partition: more replicas than partitions sit idle.
import { Kafka, logLevel } from 'kafkajs';
import { createTopics, topicPartitions } from './stack.mjs';

if (!process.env.KAFKA_BROKERS) {
  console.error('KAFKA_BROKERS is not set (run: bash infra/local/up.sh, then source the env file it prints)');
  process.exit(78);
}
const partitions = topicPartitions();
const topics = await createTopics(process.env.KAFKA_BROKERS, process.env.KAFKA_TOPIC_PREFIX ?? '');
// Topics that existed before keep their partitions: adding some moves keys to other partitions,
// which reorders an aggregate's events in flight (docs/runbook.md#runbook-partitions).
const admin = new Kafka({
  clientId: 'luxe-topics',
  brokers: process.env.KAFKA_BROKERS.split(','),
  logLevel: logLevel.WARN,
}).admin();
await admin.connect();
try {
  const { topics: meta } = await admin.fetchTopicMetadata({ topics });
  const fewer = meta.filter((t) => t.partitions.length < partitions);
  for (const t of fewer)
    console.warn(
      `warning: ${t.name} has ${t.partitions.length} partitions, fewer than KAFKA_TOPIC_PARTITIONS=${partitions} (left as it is; see docs/runbook.md#runbook-partitions)`,
    );
  console.log(
    `${topics.length} topics present, ${partitions} partitions each${fewer.length ? ` (${fewer.length} created earlier with fewer)` : ''}`,
  );
} finally {
  await admin.disconnect();
}
