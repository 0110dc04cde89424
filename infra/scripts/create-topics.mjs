// `npm run topics`: creates every event topic and dead-letter topic on KAFKA_BROKERS (with KAFKA_TOPIC_PREFIX).
import { createTopics } from './stack.mjs';

if (!process.env.KAFKA_BROKERS) {
  console.error('KAFKA_BROKERS is not set (run: bash infra/local/up.sh, then source the env file it prints)');
  process.exit(78);
}
const topics = await createTopics(process.env.KAFKA_BROKERS, process.env.KAFKA_TOPIC_PREFIX ?? '');
console.log(`${topics.length} topics present`);
