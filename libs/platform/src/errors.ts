import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Injectable, PipeTransform } from '@nestjs/common';
import type { ApiErrorBody } from '@luxe/contracts';
import type { ZodType } from 'zod';
import { currentCorrelationId } from './correlation';
import type { Logger } from './logger';

/** A typed error with a stable code, mapped to HTTP in one place. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
  toBody(): ApiErrorBody {
    return { statusCode: this.status, code: this.code, message: this.message, ...(this.errors ? { errors: this.errors } : {}), correlationId: currentCorrelationId() };
  }
}

export const Errors = {
  validation: (errors: { path: string; message: string }[]) => new AppError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', 400, errors),
  unauthenticated: (message = 'Not authenticated') => new AppError('AUTH.UNAUTHENTICATED', message, 401),
  forbidden: (message = 'Forbidden') => new AppError('AUTH.FORBIDDEN', message, 403),
  notFound: (message = 'Not found') => new AppError('NOT_FOUND', message, 404),
};

/** Validates a body/query with a zod schema; the first message becomes the error's message. */
@Injectable()
export class ZodValidationPipe<T> implements PipeTransform {
  constructor(private readonly schema: ZodType<T>) {}
  transform(value: unknown): T {
    const r = this.schema.safeParse(value ?? {});
    if (r.success) return r.data;
    throw Errors.validation(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  }
}

/** Maps every error to `{statusCode, code, message, errors?, correlationId}`; never leaks internals. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}
  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse();
    let body: ApiErrorBody;
    if (err instanceof AppError) body = err.toBody();
    else if (err instanceof HttpException) {
      const status = err.getStatus();
      const r = err.getResponse() as any;
      const message = typeof r === 'string' ? r : Array.isArray(r?.message) ? r.message[0] : (r?.message ?? err.message);
      body = { statusCode: status, code: status === 404 ? 'NOT_FOUND' : `HTTP_${status}`, message, correlationId: currentCorrelationId() };
      if (status === 400 && r?.type === 'entity.parse.failed') body.message = 'Malformed JSON body';
    } else if ((err as any)?.type === 'entity.parse.failed') {
      body = { statusCode: 400, code: 'BAD_REQUEST', message: 'Malformed JSON body', correlationId: currentCorrelationId() };
    } else if ((err as any)?.type === 'entity.too.large') {
      body = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large', correlationId: currentCorrelationId() };
    } else {
      body = { statusCode: 500, code: 'INTERNAL', message: 'Internal server error', correlationId: currentCorrelationId() };
    }
    if (body.statusCode >= 500) this.logger.error({ err, code: body.code }, 'request failed');
    const retryAfter = (err as any)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    res.status(body.statusCode).json(body);
  }
}
