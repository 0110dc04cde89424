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

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin: logContext,
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
