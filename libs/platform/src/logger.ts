import pino from 'pino';
import { currentCorrelationId } from './correlation';
import { currentTraceIds } from './tracing';

export type Logger = pino.Logger;

/** Structured JSON logs; every line carries the current correlation id, trace id and span id when there are. */
/** What every log line carries: the correlation id, and the trace and span ids of the active span. */
export function logContext(): Record<string, string> {
  const correlationId = currentCorrelationId();
  return { ...(correlationId ? { correlationId } : {}), ...currentTraceIds() };
}

/**
 * Fields an error can carry that hold a whole connection (node-postgres' `client`, as pg-boss's
 * errors have it: a few kilobytes of pool state on one log line), never what went wrong.
 */
const CONNECTION_FIELDS = ['client', 'connection', 'socket', 'pool'];

/** pino's error serializer (type, message, stack, cause, the error's own fields) without the connection it came from. */
export function serializeError(err: unknown): Record<string, unknown> {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (!out || typeof out !== 'object') return out;
  for (const field of CONNECTION_FIELDS) if (out[field] && typeof out[field] === 'object') delete out[field];
  return out;
}

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin: logContext,
    serializers: { err: serializeError },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-internal-auth"]',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
  });
}
