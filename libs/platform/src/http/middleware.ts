import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import pinoHttp from 'pino-http';
import { CORRELATION_HEADER, currentCorrelationId, runWithCorrelation, sanitizeCorrelationId } from '../correlation';
import type { Logger } from '../logger';
import { AllExceptionsFilter } from '../errors';
import { PinoNestLogger } from '../nest-logger';

/**
 * The same HTTP wiring for the gateway, every service and their tests: correlation id
 * (taken from the caller or made), request logs, JSON body limit, one exception filter.
 */
export function applyHttpPlatform(app: NestExpressApplication, logger: Logger, opts: { bodyLimit?: string } = {}): void {
  app.useLogger(new PinoNestLogger(logger));
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  app.use((req: any, res: any, next: () => void) => {
    const cid = sanitizeCorrelationId(req.headers[CORRELATION_HEADER]) ?? randomUUID();
    res.setHeader(CORRELATION_HEADER, cid);
    runWithCorrelation(cid, next);
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: () => currentCorrelationId() ?? randomUUID(),
      autoLogging: { ignore: (req: any) => typeof req.url === 'string' && req.url.startsWith('/health') },
      customLogLevel: (_req: any, res: any, err: any) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      serializers: { req: (req: any) => ({ method: req.method, url: req.url }), res: (res: any) => ({ statusCode: res.statusCode }) },
    }),
  );
  app.use(json({ limit: opts.bodyLimit ?? '100kb' }));
  // Body-parser errors answer here, with the same error body as everything else.
  app.use((err: any, _req: any, res: any, next: (err?: unknown) => void) => {
    const mapped =
      err?.type === 'entity.parse.failed'
        ? { statusCode: 400, code: 'BAD_REQUEST', message: 'Malformed JSON body' }
        : err?.type === 'entity.too.large'
          ? { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' }
          : null;
    if (!mapped) return next(err);
    res.status(mapped.statusCode).json({ ...mapped, correlationId: currentCorrelationId() });
  });
  app.useGlobalFilters(new AllExceptionsFilter(logger));
}
