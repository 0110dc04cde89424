import { deadLetterTopic, EventData, EventEnvelope, EventSchemaError, EventType, parseEnvelope } from '@luxe/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { CORRELATION_HEADER, runWithCorrelation } from '../correlation';
import { endSpan, extractContext, inSpan, SpanKind, startSpan, withContext } from '../tracing';
import type { Inbox, InboxOutcome } from '../inbox';
import type { Logger } from '../logger';
import { DeliveryControl, EVENT_TYPE_HEADER, EventTransport, eventTypeOf, IncomingMessage } from './transport';

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
  /** Attempts for a failure that is neither known transient nor deterministic (a bug): then dead-lettered. */
  maxAttempts: number;
  backoffMs: number;
  /** Longest wait between two attempts (transient failures are retried without limit). */
  maxBackoffMs?: number;
}

/** A message that will not be handled, with why. */
export interface DeadLetter {
  group: string;
  message: IncomingMessage;
  reason: string;
  attempts: number;
}

/** Where dead letters go: the `.dlt` topic (Kafka), or the consumer's own table (embedded). */
export interface DeadLetterSink {
  put(d: DeadLetter): Promise<void>;
}

/** Set by `npm run dlt:replay` on a dead letter it puts back on its topic (`<partition>:<offset>` in the dead-letter topic). */
export const DLT_REPLAYED_HEADER = 'x-dlt-replayed-from-offset';

/** Publishes a dead letter to `<topic>.dlt`, with the reason in headers (`npm run dlt:replay` reads it). */
export class TopicDeadLetterSink implements DeadLetterSink {
  constructor(private readonly transport: EventTransport) {}
  async put({ group, message: msg, reason, attempts }: DeadLetter): Promise<void> {
    await this.transport.publish([
      {
        topic: deadLetterTopic(msg.topic),
        key: msg.key ?? 'unknown',
        value: msg.value,
        headers: {
          ...msg.headers,
          'x-dlt-reason': reason,
          'x-dlt-group': group,
          'x-dlt-attempts': String(attempts),
          'x-dlt-original-offset': msg.offset,
        },
      },
    ]);
  }
}

/** Keeps a dead letter in the consumer's database (`dead_letter_events`): the embedded bus has no topics that outlive the process. */
export class TableDeadLetterSink implements DeadLetterSink {
  constructor(private readonly ds: DataSource) {}
  async put({ group, message: msg, reason }: DeadLetter): Promise<void> {
    await this.ds.query(
      `INSERT INTO dead_letter_events (consumer_group, topic, key, value, headers, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [group, msg.topic, msg.key, msg.value, JSON.stringify(msg.headers), reason],
    );
  }
}

/** Counters of the event path, for health details and logs. */
export const eventMetrics = { deadLettered: 0, transientRetries: 0 };

/** Where the consumer counts what it does (the process's Prometheus metrics). */
export interface ConsumerMetrics {
  handled(group: string, type: string, outcome: InboxOutcome): void;
  /** One failed attempt (retried or dead-lettered after). */
  failed(group: string, type: string, transient: boolean): void;
  deadLettered(group: string, type: string): void;
}

export interface ConsumerDeps {
  inbox: Inbox;
  transport: EventTransport;
  logger: Logger;
  retry: RetryPolicy;
  /** Default: the transport's `.dlt` topic. */
  deadLetters?: DeadLetterSink;
  metrics?: ConsumerMetrics;
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
  /** The handler's effect is one SQL statement (`Inbox.process`'s `oneStatement`). */
  oneStatement?: boolean;
}

/** A message that can never be handled, whatever the number of attempts (bad JSON, unknown type, bad data). */
export class UnprocessableEventError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnprocessableEventError';
  }
}

/**
 * A handler's own refusal: the event is valid but this consumer can never apply it (a rule of its
 * domain says no). Dead-lettered at once, like a schema failure.
 */
export class EventRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventRefusedError';
  }
}

/** An infrastructure failure a handler knows to be passing (retried without limit). */
export class TransientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientError';
  }
}

const TRANSIENT_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'ENETDOWN',
]);
/** PostgreSQL SQLSTATEs of a passing condition: connection (08), resources (53), operator intervention (57), system (58), serialization/deadlock, lock not available. */
const TRANSIENT_SQLSTATE = /^(08|53|57|58)|^(40001|40P01|55P03)$/;
const TRANSIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|terminating connection|database system is (starting up|shutting down|in recovery)|Connection is not established|read ECONNRESET/i;

/** True for a failure of the infrastructure (database, network, broker) rather than of the event. */
export function isTransientFailure(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as {
    code?: unknown;
    retriable?: unknown;
    message?: unknown;
    cause?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (err instanceof TransientError) return true;
  if (
    typeof e.code === 'string' &&
    (TRANSIENT_NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && TRANSIENT_SQLSTATE.test(e.code)))
  )
    return true;
  if (e.retriable === true) return true;
  if (typeof e.message === 'string' && TRANSIENT_MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isTransientFailure(x, depth + 1))) return true;
  return isTransientFailure(e.driverError, depth + 1) || isTransientFailure(e.cause, depth + 1);
}

/** A failure that no number of attempts changes: bad envelope or data, or the handler's refusal. */
export function isDeterministicFailure(err: unknown): boolean {
  return err instanceof UnprocessableEventError || err instanceof EventSchemaError || err instanceof EventRefusedError;
}

export type FailureDecision = { action: 'retry'; delayMs: number; transient: boolean } | { action: 'dead-letter' };

/**
 * The one place that decides what a failure means. `attempt` is the number of attempts made so
 * far (0 when the message failed before any handler ran).
 * - deterministic (schema, unprocessable, the handler's refusal): dead-letter at once;
 * - transient (database or network down): retry without limit, backoff doubling up to maxBackoffMs,
 *   so an outage never dead-letters what flows meanwhile;
 * - anything else (most likely a bug): `maxAttempts` attempts with backoff, then dead-letter, so
 *   one bad event does not hold its partition forever.
 */
export function decideOnFailure(err: unknown, attempt: number, retry: RetryPolicy): FailureDecision {
  if (isDeterministicFailure(err)) return { action: 'dead-letter' };
  const delayMs = Math.min(retry.maxBackoffMs ?? 30_000, retry.backoffMs * 2 ** Math.min(Math.max(attempt - 1, 0), 20));
  if (isTransientFailure(err)) return { action: 'retry', delayMs, transient: true };
  if (attempt >= retry.maxAttempts) return { action: 'dead-letter' };
  return { action: 'retry', delayMs, transient: false };
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
 * Calls the heartbeat every HEARTBEAT_EVERY_MS while `work` runs (an attempt can itself wait on a
 * database that does not answer). A failed heartbeat (the partition was taken away in a
 * rebalance) is remembered and rethrown once the work is over, so the message is redelivered to
 * its new owner.
 */
async function withHeartbeat<T>(control: DeliveryControl, work: (stillOurs: () => void) => Promise<T>): Promise<T> {
  let lost: unknown = null;
  const stillOurs = () => {
    if (lost) throw lost;
  };
  if (!control.heartbeat) return work(stillOurs);
  const timer = setInterval(() => {
    control.heartbeat!().catch((err) => (lost ??= err));
  }, HEARTBEAT_EVERY_MS);
  try {
    const result = await work(stillOurs);
    stillOurs();
    return result;
  } finally {
    clearInterval(timer);
  }
}

/**
 * Consumes one message: checks the envelope against its contract, runs the effect through the
 * inbox (idempotent and ordered by aggregate version, in one transaction with the inbox row),
 * retries infrastructure failures without limit and unknown failures a few times (heartbeating all
 * along, so the consumer keeps its group membership), and sends what can never be handled to the
 * dead letters, so a poison event never blocks its partition. Rejects only when the dead-letter
 * write itself fails (or the heartbeat says the partition is no longer ours), which makes the
 * transport redeliver.
 */
export async function consumeMessage(
  msg: IncomingMessage,
  route: ConsumerRoute,
  deps: ConsumerDeps,
  control: DeliveryControl = {},
): Promise<void> {
  const log = deps.logger.child({ consumerGroup: route.group });
  const sink = deps.deadLetters ?? new TopicDeadLetterSink(deps.transport);
  const span = consumerSpan(msg, route);
  return inSpan(span.name, SpanKind.CONSUMER, extractContext(msg.headers), span.attributes, () =>
    runWithCorrelation(msg.headers[CORRELATION_HEADER], async () => {
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
      return withHeartbeat(control, async (stillOurs) => {
        for (let attempt = 1; ; attempt++) {
          try {
            const outcome = await deps.inbox.process(
              route.group,
              envelope,
              (m) => run(envelope, m).then(() => undefined),
              { oneStatement: route.oneStatement },
            );
            reportOutcome(msg, envelope, route.group, outcome, log, deps);
            return;
          } catch (err) {
            const decision = decideOnFailure(err, attempt, deps.retry);
            deps.metrics?.failed(route.group, envelope.type, decision.action === 'retry' && decision.transient);
            if (decision.action === 'dead-letter') return deadLetter(err, attempt);
            if (decision.transient) eventMetrics.transientRetries++;
            const fields = {
              err,
              eventId: envelope.id,
              attempt,
              delay: decision.delayMs,
              transient: decision.transient,
            };
            // An outage retries for as long as it lasts: one warning, then quieter lines.
            if (attempt === 1 || !decision.transient) log.warn(fields, 'event handler failed, retrying');
            else log.debug(fields, 'event handler still failing, retrying');
            // Wakes every second to give up as soon as the partition is no longer ours.
            await backoff(decision.delayMs, { heartbeat: async () => stillOurs() });
          }
        }
      });
    }),
  );

  async function deadLetter(err: unknown, attempts: number): Promise<void> {
    const reason = String((err as Error)?.message ?? err).slice(0, 2000);
    try {
      await sink.put({ group: route.group, message: msg, reason, attempts });
    } catch (publishErr) {
      log.error(
        { err: publishErr, topic: msg.topic, offset: msg.offset },
        'dead-letter write failed, the message will be redelivered',
      );
      throw publishErr;
    }
    eventMetrics.deadLettered++;
    deps.metrics?.deadLettered(route.group, eventTypeOf(msg));
    log.error(
      { err, topic: msg.topic, offset: msg.offset, attempts, deadLettered: eventMetrics.deadLettered },
      'event dead-lettered',
    );
  }
}

/** The consumer's span of a message: it continues the trace of the request that wrote the event (its traceparent header). */
function consumerSpan(msg: IncomingMessage, route: ConsumerRoute) {
  return {
    name: `consume ${msg.headers[EVENT_TYPE_HEADER] ?? msg.topic}`,
    attributes: {
      'messaging.destination.name': msg.topic,
      'messaging.consumer.group.name': route.group,
      'messaging.kafka.offset': msg.offset,
    },
  };
}

/** The log line and the metric of a delivery the inbox decided on. */
function reportOutcome(
  msg: IncomingMessage,
  envelope: EventEnvelope,
  group: string,
  outcome: InboxOutcome,
  log: Logger,
  deps: ConsumerDeps,
): void {
  const message = {
    applied: 'event consumed',
    duplicate: 'duplicate event skipped',
    stale: 'stale event skipped (a later version was applied)',
    ended: 'event after the end of its aggregate skipped',
  }[outcome];
  const fields = { eventId: envelope.id, type: envelope.type, key: envelope.key, sequence: envelope.sequence, outcome };
  const replayedFrom = msg.headers[DLT_REPLAYED_HEADER];
  // A dead letter replayed by hand whose aggregate moved on meanwhile is never applied: the
  // operator who replayed it is told which one, instead of a routine line.
  if (replayedFrom !== undefined && (outcome === 'stale' || outcome === 'ended'))
    log.warn(
      { ...fields, stream: envelope.stream, replayedFrom },
      `replayed dead letter dropped, never applied: ${message}`,
    );
  else log.info(fields, message);
  deps.metrics?.handled(group, envelope.type, outcome);
}

/** A delivery waiting in a DeliveryRun, to be applied with others (`consumeTogether`). */
export interface PendingDelivery {
  msg: IncomingMessage;
  route: ConsumerRoute;
  control: DeliveryControl;
}

/**
 * Applies deliveries whose effects are one statement each (their routes' `oneStatement`) in one
 * query, in order (`Inbox.applyTogether`): one round trip and one commit for the run instead of
 * one each. When that cannot be — one of them is not to be applied (a duplicate, stale, after the
 * end), its message cannot be read, the query fails — nothing was written, and each goes its
 * usual way, in order (`consumeMessage`: the inbox's outcome, retries, dead letters).
 */
export async function consumeTogether(pending: readonly PendingDelivery[], deps: ConsumerDeps): Promise<void> {
  if (pending.length > 1 && (await applyTogether(pending, deps))) return;
  for (const d of pending) await consumeMessage(d.msg, d.route, deps, d.control);
}

async function applyTogether(pending: readonly PendingDelivery[], deps: ConsumerDeps): Promise<boolean> {
  const parts: { d: PendingDelivery; envelope: EventEnvelope; handler: AnyEventHandler }[] = [];
  for (const d of pending) {
    try {
      const envelope = parseMessage(d.msg);
      const handler = d.route.resolve(envelope);
      if (!handler) return false;
      parts.push({ d, envelope, handler });
    } catch {
      return false;
    }
  }
  // Each message its span, as alone; the query runs in the first's. Not applied together, they
  // are never ended (never exported): each delivery has its own span on its usual way.
  const spans = parts.map(({ d }) => {
    const { name, attributes } = consumerSpan(d.msg, d.route);
    return startSpan(name, SpanKind.CONSUMER, extractContext(d.msg.headers), attributes);
  });
  const applied = await withContext(spans[0].context, () =>
    deps.inbox.applyTogether(
      parts.map(({ d, envelope, handler }) => ({
        group: d.route.group,
        envelope,
        effect: (m: EntityManager) => handler(envelope, m).then(() => undefined),
      })),
    ),
  ).catch((err) => {
    deps.logger.debug({ err }, 'deliveries not applied together; one by one');
    return false;
  });
  if (!applied) return false;
  parts.forEach(({ d, envelope }, i) => {
    runWithCorrelation(d.msg.headers[CORRELATION_HEADER], () =>
      reportOutcome(
        d.msg,
        envelope,
        d.route.group,
        'applied',
        deps.logger.child({ consumerGroup: d.route.group }),
        deps,
      ),
    );
    endSpan(spans[i].span);
  });
  return true;
}

/** A transport `handle` function for a plain consumer (a map of typed handlers). */
export function createMessageHandler(
  spec: ConsumerSpec,
  deps: ConsumerDeps,
): (msg: IncomingMessage, control?: DeliveryControl) => Promise<void> {
  const route: ConsumerRoute = {
    group: spec.group,
    resolve: (e) => (spec.handlers[e.type as EventType] as AnyEventHandler | undefined) ?? null,
  };
  return (msg, control) => consumeMessage(msg, route, deps, control);
}
