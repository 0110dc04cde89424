import { deadLetterTopic, EventData, EventEnvelope, EventType, parseEnvelope } from '@luxe/contracts';
import type { EntityManager } from 'typeorm';
import { CORRELATION_HEADER, runWithCorrelation } from '../correlation';
import type { Inbox } from '../inbox';
import type { Logger } from '../logger';
import type { DeliveryControl, EventTransport, IncomingMessage } from './transport';

/** An event as a handler of type T receives it: the envelope with the data typed from its contract. */
export type EventOf<T extends EventType> = EventEnvelope<EventData<T>> & { type: T };

/** What a typed handler of T looks like: the checked event and the inbox transaction's manager. */
export type EventHandlerFn<T extends EventType> = (event: EventOf<T>, tx: EntityManager) => Promise<unknown>;

/** A handler once its type has been checked at the call site (the envelope's type picks it). */
export type AnyEventHandler = (event: EventEnvelope<any>, tx: EntityManager) => Promise<unknown>;

/** Handlers by event type, each typed from its contract. */
export type EventHandlerMap = { [T in EventType]?: EventHandlerFn<T> };

/** A plain consumer (tests and tools that subscribe to a transport directly). Services use `@OnEvent`. */
export interface ConsumerSpec {
  /** Consumer name used as the inbox key and in `x-dlt-group`, e.g. `messaging.user-cards`. */
  group: string;
  handlers: EventHandlerMap;
}

export interface RetryPolicy {
  maxAttempts: number;
  backoffMs: number;
}

export interface ConsumerDeps {
  inbox: Inbox;
  transport: EventTransport;
  logger: Logger;
  retry: RetryPolicy;
}

/** How one message finds its handler. */
export interface ConsumerRoute {
  /** Inbox key, `x-dlt-group` and the `consumerGroup` of log lines. */
  group: string;
  /**
   * The handler for a checked envelope, or null when this consumer does not handle its type.
   * Throws an UnprocessableEventError when the envelope can never be handled here.
   */
  resolve(envelope: EventEnvelope): AnyEventHandler | null;
}

/** A message that can never be handled, whatever the number of attempts (bad JSON, unknown type, bad data). */
export class UnprocessableEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnprocessableEventError';
  }
}

export type FailureDecision = { action: 'retry'; delayMs: number } | { action: 'dead-letter' };

/**
 * The one place that decides what a failure means: retry later (with exponential backoff), or
 * send the message to the dead-letter topic now. `attempt` is the number of attempts made so far
 * (0 when the message failed before any handler ran). Deterministic failures dead-letter at once.
 */
export function decideOnFailure(err: unknown, attempt: number, retry: RetryPolicy): FailureDecision {
  if (err instanceof UnprocessableEventError) return { action: 'dead-letter' };
  if (attempt >= retry.maxAttempts) return { action: 'dead-letter' };
  return { action: 'retry', delayMs: retry.backoffMs * 2 ** (attempt - 1) };
}

/** Longest sleep between two heartbeats while backing off (below any sensible session timeout). */
export const HEARTBEAT_EVERY_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sleeps `ms`, calling the heartbeat at least every HEARTBEAT_EVERY_MS. */
export async function backoff(ms: number, control: DeliveryControl = {}): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const left = end - Date.now();
    if (left <= 0) return;
    await sleep(Math.min(left, HEARTBEAT_EVERY_MS));
    if (control.heartbeat) await control.heartbeat();
  }
}

function parseMessage(msg: IncomingMessage): EventEnvelope {
  try {
    return parseEnvelope(JSON.parse(msg.value));
  } catch (err) {
    throw new UnprocessableEventError(String((err as Error)?.message ?? err), { cause: err });
  }
}

/**
 * Consumes one message: checks the envelope against its contract, runs the effect through the
 * inbox (idempotent, in one transaction with the inbox row), retries with exponential backoff
 * (heartbeating while it waits), then sends the message to its dead-letter topic so a poison
 * event never blocks its partition. Rejects only when the dead-letter publish itself fails (or
 * the heartbeat says the partition is no longer ours), which makes the transport redeliver.
 */
export async function consumeMessage(msg: IncomingMessage, route: ConsumerRoute, deps: ConsumerDeps, control: DeliveryControl = {}): Promise<void> {
  const log = deps.logger.child({ consumerGroup: route.group });
  return runWithCorrelation(msg.headers[CORRELATION_HEADER], async () => {
    let envelope: EventEnvelope;
    let handler: AnyEventHandler | null;
    try {
      envelope = parseMessage(msg);
      handler = route.resolve(envelope);
    } catch (err) {
      return deadLetter(err, 0);
    }
    if (!handler) return;
    const run = handler;
    for (let attempt = 1; ; attempt++) {
      try {
        const applied = await deps.inbox.process(route.group, envelope, (m) => run(envelope, m).then(() => undefined));
        log.info({ eventId: envelope.id, type: envelope.type, duplicate: !applied }, applied ? 'event consumed' : 'duplicate event skipped');
        return;
      } catch (err) {
        const decision = decideOnFailure(err, attempt, deps.retry);
        if (decision.action === 'dead-letter') return deadLetter(err, attempt);
        log.warn({ err, eventId: envelope.id, attempt, delay: decision.delayMs, heartbeat: !!control.heartbeat }, 'event handler failed, retrying');
        await backoff(decision.delayMs, control);
      }
    }
  });

  async function deadLetter(err: unknown, attempts: number): Promise<void> {
    const reason = String((err as Error)?.message ?? err).slice(0, 2000);
    log.error({ err, topic: msg.topic, offset: msg.offset, attempts }, 'event sent to dead-letter topic');
    try {
      await deps.transport.publish([
        {
          topic: deadLetterTopic(msg.topic),
          key: msg.key ?? 'unknown',
          value: msg.value,
          headers: { ...msg.headers, 'x-dlt-reason': reason, 'x-dlt-group': route.group, 'x-dlt-attempts': String(attempts), 'x-dlt-original-offset': msg.offset },
        },
      ]);
    } catch (publishErr) {
      log.error({ err: publishErr, topic: msg.topic, offset: msg.offset }, 'dead-letter publish failed, the message will be redelivered');
      throw publishErr;
    }
  }
}

/** A transport `handle` function for a plain consumer (a map of typed handlers). */
export function createMessageHandler(spec: ConsumerSpec, deps: ConsumerDeps): (msg: IncomingMessage, control?: DeliveryControl) => Promise<void> {
  const route: ConsumerRoute = { group: spec.group, resolve: (e) => (spec.handlers[e.type as EventType] as AnyEventHandler | undefined) ?? null };
  return (msg, control) => consumeMessage(msg, route, deps, control);
}
