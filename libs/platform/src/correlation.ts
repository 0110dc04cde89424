import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';

export const CORRELATION_HEADER = 'x-correlation-id';

interface Context {
  correlationId: string;
}
const storage = new AsyncLocalStorage<Context>();

/** Runs fn with a correlation id that logs, outbox rows and outgoing calls pick up. */
export function runWithCorrelation<T>(correlationId: string | undefined | null, fn: () => T): T {
  return storage.run({ correlationId: sanitizeCorrelationId(correlationId) ?? randomUUID() }, fn);
}

/**
 * Runs fn outside any request: no correlation id, no active span. For a background loop that a
 * request happens to start (its timers would otherwise carry that request's context forever: its
 * correlation id in every log line, each of its checks a span of that request's trace).
 */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(() => context.with(ROOT_CONTEXT, fn));
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** Accepts a caller-given id only if it is short and plain; anything else is replaced. */
export function sanitizeCorrelationId(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  return /^[A-Za-z0-9._:-]{1,100}$/.test(v) ? v : undefined;
}
