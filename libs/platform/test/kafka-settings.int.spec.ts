import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { createLogger, KafkaTransport } from '../src';

// Topics get the configured replication and min.insync.replicas (real broker, one node here).
const brokers = process.env.KAFKA_BROKERS!.split(',');
const logger = createLogger('kafka-settings-int', process.env.TEST_LOG_LEVEL ?? 'silent');

describe('Kafka topic settings', () => {
  it('creates topics with the configured min.insync.replicas, and refuses a replication the cluster cannot give', async () => {
    const t = new KafkaTransport({
      brokers,
      clientId: 'kafka-settings-int',
      logger,
      replicationFactor: 1,
      minInsyncReplicas: 1,
    });
    await t.connect();
    const admin = new Kafka({ clientId: 'kafka-settings-int-admin', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const topic = `test.settings.${randomUUID()}`;
      await t.ensureTopics([topic]);
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: [{ type: ConfigResourceTypes.TOPIC, name: topic, configNames: ['min.insync.replicas'] }],
      });
      const entry = resources[0].configEntries.find((e) => e.configName === 'min.insync.replicas')!;
      expect(entry.configValue).toBe('1');
      expect(entry.isDefault).toBe(false); // set on the topic, not inherited
      await admin.deleteTopics({ topics: [topic] });

      const three = new KafkaTransport({
        brokers,
        clientId: 'kafka-settings-int-3',
        logger,
        replicationFactor: 3,
        minInsyncReplicas: 2,
      });
      await three.connect();
      try {
        await expect(three.ensureTopics([`test.settings.${randomUUID()}`])).rejects.toThrow();
      } finally {
        await three.disconnect();
      }
    } finally {
      await admin.disconnect();
      await t.disconnect();
    }
  });
});
