import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Injectable, PipeTransform } from '@nestjs/common';
import {
  NUL_CHARACTER_MESSAGE,
  REQUEST_ERRORS,
  SERVER_ERRORS,
  type ApiErrorBody,
  type ErrorDef,
} from '@luxe/contracts';
import type { ZodType } from 'zod';
import { currentCorrelationId } from './correlation';
import type { Logger } from './logger';

export interface FieldError {
  path: string;
  message: string;
}

/** A typed error with a stable code (defined once in `libs/contracts/src/errors`), mapped to HTTP in one place. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly errors?: FieldError[],
    /** Seconds the caller should wait (429, 503): sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  /** `throw AppError.of(AUTH_ERRORS.EMAIL_TAKEN)`; the message may be overridden with a more precise one. */
  static of(
    def: ErrorDef,
    opts: { message?: string; errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ): AppError {
    return new AppError(def.code, opts.message ?? def.message, def.status, opts.errors, opts.retryAfterSeconds);
  }
  toBody(): ApiErrorBody {
    return {
      statusCode: this.status,
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      correlationId: currentCorrelationId(),
    };
  }
}

/** zod issues as field errors: the first message becomes the error's message. */
export function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix?: string,
): AppError {
  const errors = issues.map((i) => ({
    path: [...(prefix ? [prefix] : []), ...i.path.map(String)].join('.'),
    message: i.message,
  }));
  return AppError.of(REQUEST_ERRORS.VALIDATION_FAILED, { message: errors[0]?.message, errors });
}

/** Validates a value with a zod schema, or throws a 400 with the schema's messages. */
export function parseOrThrow<T>(schema: ZodType<T>, value: unknown, prefix?: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error.issues, prefix);
  // PostgreSQL stores no NUL character in text (nor takes one as a query parameter): refused
  // here, with the field, rather than failing in the database with a 500.
  const nul = findNulCharacter(r.data);
  if (nul) throw validationError([{ path: nul, message: NUL_CHARACTER_MESSAGE }], prefix);
  return r.data;
}

/** The path of the first string (or object key) holding U+0000 in a parsed value, or null. */
export function findNulCharacter(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k];
    const found = findNulCharacter(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Validates a body/query with a zod schema; the first message becomes the error's message. */
@Injectable()
export class ZodValidationPipe<T> implements PipeTransform {
  constructor(private readonly schema: ZodType<T>) {}
  transform(value: unknown): T {
    return parseOrThrow(this.schema, value ?? {});
  }
}

/** Fastify's own request errors (body parsing, media type, limits) as our catalogue's errors. */
function fromFrameworkError(err: any): ErrorDef | null {
  const status =
    typeof err?.statusCode === 'number' ? err.statusCode : typeof err?.status === 'number' ? err.status : undefined;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (err instanceof SyntaxError && status === 400)
  )
    return REQUEST_ERRORS.MALFORMED_JSON;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) return REQUEST_ERRORS.PAYLOAD_TOO_LARGE;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return REQUEST_ERRORS.UNSUPPORTED_MEDIA_TYPE;
  // A path parameter longer than the router takes (100 characters) matches no route: no such resource.
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return REQUEST_ERRORS.NOT_FOUND;
  if (status && status >= 400 && status < 500)
    return status === 404
      ? REQUEST_ERRORS.NOT_FOUND
      : status === 405
        ? REQUEST_ERRORS.METHOD_NOT_ALLOWED
        : REQUEST_ERRORS.BAD_REQUEST;
  return null;
}

/** Maps any error to `{statusCode, code, message, errors?, correlationId}`; never leaks internals. */
export function errorBody(err: unknown): { body: ApiErrorBody; retryAfterSeconds?: number } {
  const cid = currentCorrelationId();
  if (err instanceof AppError) return { body: err.toBody(), retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const r = err.getResponse() as any;
    const message = typeof r === 'string' ? r : Array.isArray(r?.message) ? r.message[0] : (r?.message ?? err.message);
    const code = status === 404 ? REQUEST_ERRORS.NOT_FOUND.code : `HTTP_${status}`;
    return { body: { statusCode: status, code, message, correlationId: cid } };
  }
  const def = fromFrameworkError(err);
  if (def) return { body: { statusCode: def.status, code: def.code, message: def.message, correlationId: cid } };
  const e = SERVER_ERRORS.INTERNAL;
  return { body: { statusCode: e.status, code: e.code, message: e.message, correlationId: cid } };
}

/** Nest's exception filter over errorBody (Fastify replies). */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}
  catch(err: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse();
    const { body, retryAfterSeconds } = errorBody(err);
    if (body.statusCode >= 500) this.logger.error({ err, code: body.code }, 'request failed');
    sendError(reply, body, retryAfterSeconds);
  }
}

/** Writes an error body on a Fastify reply (or a Node/Express response in tests). */
export function sendError(reply: any, body: ApiErrorBody, retryAfterSeconds?: number): void {
  // An error before the handler (body parsing) runs outside the request's correlation context.
  if (!body.correlationId) {
    const cid = typeof reply.getHeader === 'function' ? reply.getHeader('x-correlation-id') : undefined;
    if (typeof cid === 'string') body = { ...body, correlationId: cid };
  }
  if (typeof reply.header === 'function' && typeof reply.code === 'function') {
    if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
    reply.code(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
    return;
  }
  if (retryAfterSeconds !== undefined) reply.setHeader('Retry-After', String(retryAfterSeconds));
  reply.status(body.statusCode).json(body);
}
