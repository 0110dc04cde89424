import { deadLetterTopic, EventEnvelope, EventType, parseEnvelope } from '@luxe/contracts';
import type { EntityManager } from 'typeorm';
import { CORRELATION_HEADER, runWithCorrelation } from '../correlation';
import type { Inbox } from '../inbox';
import type { Logger } from '../logger';
import type { EventTransport, IncomingMessage } from './transport';

export type EventHandler = (envelope: EventEnvelope<any>, manager: EntityManager) => Promise<void>;

export interface ConsumerSpec {
  /** Consumer group, e.g. `messaging.user-cards`. */
  group: string;
  handlers: Partial<Record<EventType, EventHandler>>;
}

export interface RetryPolicy {
  maxAttempts: number;
  backoffMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Wraps a handler for a transport: checks the envelope, runs the effect through the inbox
 * (idempotent), retries with exponential backoff, then sends the message to the topic's
 * dead-letter topic so a poison event never blocks its partition. Rejects only when even
 * the dead-letter publish fails, which makes the transport redeliver.
 */
export function createMessageHandler(spec: ConsumerSpec, deps: { inbox: Inbox; transport: EventTransport; logger: Logger; retry: RetryPolicy }) {
  const log = deps.logger.child({ consumerGroup: spec.group });
  return async (msg: IncomingMessage): Promise<void> =>
    runWithCorrelation(msg.headers[CORRELATION_HEADER], async () => {
      let envelope: EventEnvelope;
      try {
        envelope = parseEnvelope(JSON.parse(msg.value));
      } catch (err) {
        return deadLetter(msg, err, 0);
      }
      const handler = spec.handlers[envelope.type as EventType];
      if (!handler) return;
      for (let attempt = 1; ; attempt++) {
        try {
          const applied = await deps.inbox.process(spec.group, envelope, (m) => handler(envelope, m));
          log.info({ eventId: envelope.id, type: envelope.type, duplicate: !applied }, applied ? 'event consumed' : 'duplicate event skipped');
          return;
        } catch (err) {
          if (attempt >= deps.retry.maxAttempts) return deadLetter(msg, err, attempt);
          const delay = deps.retry.backoffMs * 2 ** (attempt - 1);
          log.warn({ err, eventId: envelope.id, attempt, delay }, 'event handler failed, retrying');
          await sleep(delay);
        }
      }
    });

  async function deadLetter(msg: IncomingMessage, err: unknown, attempts: number): Promise<void> {
    const reason = String((err as Error)?.message ?? err).slice(0, 2000);
    log.error({ err, topic: msg.topic, offset: msg.offset, attempts }, 'event sent to dead-letter topic');
    await deps.transport.publish([
      {
        topic: deadLetterTopic(msg.topic),
        key: msg.key ?? 'unknown',
        value: msg.value,
        headers: { ...msg.headers, 'x-dlt-reason': reason, 'x-dlt-group': spec.group, 'x-dlt-attempts': String(attempts), 'x-dlt-original-offset': msg.offset },
      },
    ]);
  }
}
