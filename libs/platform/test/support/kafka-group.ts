import { Kafka } from 'kafkajs';

/**
 * Places a new consumer group at the topic's end (a new group would start from the beginning):
 * earlier runs' events on a shared test topic are not the spec's, and are not handled again.
 */
export async function startGroupAtTopicEnd(brokers: string, groupId: string, topic: string): Promise<void> {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'test-group-setup', logLevel: 0 }).admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    await admin.setOffsets({
      groupId,
      topic,
      partitions: ends.map((p) => ({ partition: p.partition, offset: p.high })),
    });
  } finally {
    await admin.disconnect();
  }
}
