import pino from 'pino';
import { currentCorrelationId } from './correlation';

export type Logger = pino.Logger;

/** Structured JSON logs; every line carries the current correlation id when there is one. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin() {
      const correlationId = currentCorrelationId();
      return correlationId ? { correlationId } : {};
    },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-internal-auth"]', 'password', '*.password'], censor: '[redacted]' },
  });
}
