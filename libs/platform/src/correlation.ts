import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const CORRELATION_HEADER = 'x-correlation-id';

interface Context {
  correlationId: string;
}
const storage = new AsyncLocalStorage<Context>();

/** Runs fn with a correlation id that logs, outbox rows and outgoing calls pick up. */
export function runWithCorrelation<T>(correlationId: string | undefined | null, fn: () => T): T {
  return storage.run({ correlationId: sanitizeCorrelationId(correlationId) ?? randomUUID() }, fn);
}

export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}

/** Accepts a caller-given id only if it is short and plain; anything else is replaced. */
export function sanitizeCorrelationId(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  return /^[A-Za-z0-9._:-]{1,100}$/.test(v) ? v : undefined;
}
