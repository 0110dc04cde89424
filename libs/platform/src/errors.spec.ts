import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { AUTH_ERRORS, REQUEST_ERRORS, registerSchema } from '@luxe/contracts';
import { z } from 'zod';
import { describe, expect, it, jest } from '@jest/globals';
import { runWithCorrelation } from './correlation';
import { AllExceptionsFilter, AppError, validationError, ZodValidationPipe } from './errors';
import type { Logger } from './logger';

function fakeRes() {
  const res = {
    statusCode: 0,
    body: undefined as any,
    headers: {} as Record<string, string>,
    setHeader: jest.fn((k: string, v: string) => void (res.headers[k] = v)),
    status: jest.fn((s: number) => {
      res.statusCode = s;
      return res;
    }),
    json: jest.fn((b: unknown) => {
      res.body = b;
      return res;
    }),
  };
  return res;
}

function run(err: unknown) {
  const logger = { error: jest.fn(), warn: jest.fn(), info: jest.fn() } as unknown as Logger & {
    error: ReturnType<typeof jest.fn>;
  };
  const res = fakeRes();
  const host = { switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({}) }) } as unknown as ArgumentsHost;
  new AllExceptionsFilter(logger).catch(err, host);
  return { res, logger };
}

describe('AllExceptionsFilter', () => {
  it('maps an AppError to its status, code, message and errors, with the correlation id', () => {
    const errors = [{ path: 'email', message: 'Please enter a valid email address' }];
    const { res, logger } = runWithCorrelation('cid-9', () =>
      run(new AppError('VALIDATION_FAILED', 'Please enter a valid email address', 400, errors)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address',
      errors,
      correlationId: 'cid-9',
    });
    expect(res.setHeader).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('omits errors when the AppError has none', () => {
    const { res } = run(new AppError('AUTH.CONFLICT', 'An account with this email already exists', 409));
    expect(res.statusCode).toBe(409);
    expect(res.body).not.toHaveProperty('errors');
    expect(res.body).toMatchObject({
      statusCode: 409,
      code: 'AUTH.CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('sets Retry-After when the error carries retryAfterSeconds', () => {
    const err = AppError.of(AUTH_ERRORS.RATE_LIMITED, { retryAfterSeconds: 37 });
    expect(err.message).toBe('Too many attempts. Please try again later.');
    const { res } = run(err);
    expect(res.statusCode).toBe(429);
    expect(res.headers['Retry-After']).toBe('37');
    expect(res.body.code).toBe('AUTH.RATE_LIMITED');
  });

  it('maps HttpException(404) to 404 NOT_FOUND', () => {
    const { res } = run(new NotFoundException('Cannot GET /nope'));
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND', message: 'Cannot GET /nope' });
    const plain = run(new HttpException('gone', 404));
    expect(plain.res.body).toMatchObject({ statusCode: 404, code: 'REQUEST.NOT_FOUND', message: 'gone' });
  });

  it('maps another HttpException to HTTP_<status> with the first message', () => {
    const { res } = run(new BadRequestException(['first problem', 'second problem']));
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'HTTP_400', message: 'first problem' });
  });

  it('maps a body-parser JSON error to 400 Malformed JSON body', () => {
    const err = Object.assign(new SyntaxError('Unexpected token } in JSON at position 7'), {
      type: 'entity.parse.failed',
      status: 400,
    });
    const { res } = run(err);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'REQUEST.MALFORMED_JSON', message: 'Malformed JSON body' });
  });

  it("maps Fastify's own body errors: bad JSON 400, too large 413, unsupported type 415", () => {
    const fst = (code: string, statusCode: number) => Object.assign(new Error(code), { code, statusCode });
    expect(run(fst('FST_ERR_CTP_INVALID_JSON_BODY', 400)).res.body).toMatchObject({
      statusCode: 400,
      code: 'REQUEST.MALFORMED_JSON',
    });
    expect(run(fst('FST_ERR_CTP_EMPTY_JSON_BODY', 400)).res.body).toMatchObject({
      statusCode: 400,
      code: 'REQUEST.MALFORMED_JSON',
    });
    expect(run(fst('FST_ERR_CTP_BODY_TOO_LARGE', 413)).res.body).toMatchObject({
      statusCode: 413,
      code: 'REQUEST.PAYLOAD_TOO_LARGE',
      message: 'Request body too large',
    });
    expect(run(fst('FST_ERR_CTP_INVALID_MEDIA_TYPE', 415)).res.body).toMatchObject({
      statusCode: 415,
      code: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
    });
    const other = run(fst('FST_ERR_SOMETHING', 400)).res.body;
    expect(other).toMatchObject({ statusCode: 400, code: 'REQUEST.BAD_REQUEST', message: 'Bad request' });
    expect(JSON.stringify(other)).not.toContain('FST_');
  });

  it('maps an unknown Error to 500 Internal server error without leaking its message', () => {
    const { res, logger } = run(new Error('connection to db-primary:5432 failed for user luxe password hunter2'));
    expect(res.statusCode).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      code: 'SERVER.INTERNAL',
      message: 'Internal server error',
      correlationId: undefined,
    });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    expect(JSON.stringify(res.body)).not.toContain('db-primary');
    expect(logger.error).toHaveBeenCalled();
  });

  it('treats a thrown non-Error the same way', () => {
    const { res } = run('a string');
    expect(res.statusCode).toBe(500);
    expect(res.body.message).toBe('Internal server error');
  });
});

describe('AppError.of', () => {
  it('builds an error from its one definition in the contract, the message overridable', () => {
    expect(AppError.of(AUTH_ERRORS.UNAUTHENTICATED)).toMatchObject({
      status: 401,
      code: 'AUTH.UNAUTHENTICATED',
      message: 'Not authenticated',
    });
    expect(AppError.of(AUTH_ERRORS.FORBIDDEN)).toMatchObject({
      status: 403,
      code: 'AUTH.FORBIDDEN',
      message: 'You do not have permission to do this',
    });
    expect(AppError.of(REQUEST_ERRORS.NOT_FOUND, { message: 'No such user' })).toMatchObject({
      status: 404,
      code: 'REQUEST.NOT_FOUND',
      message: 'No such user',
    });
    expect(validationError([])).toMatchObject({
      status: 400,
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'Invalid request',
    });
  });
});

describe('ZodValidationPipe', () => {
  it('returns the parsed value', () => {
    const pipe = new ZodValidationPipe(z.object({ email: z.string().trim().toLowerCase() }));
    expect(pipe.transform({ email: ' A@B.C ' })).toEqual({ email: 'a@b.c' });
  });

  it('throws AppError VALIDATION_FAILED whose message is the first issue message, listing every issue', () => {
    const pipe = new ZodValidationPipe(registerSchema);
    let err: AppError | undefined;
    try {
      pipe.transform({
        email: 'bad',
        password: 'short',
        firstName: 'J',
        lastName: 'D',
        city: 'M',
        state: 'FL',
        userType: 'guest',
      });
    } catch (e) {
      err = e as AppError;
    }
    expect(err).toBeInstanceOf(AppError);
    expect(err!.code).toBe('REQUEST.VALIDATION_FAILED');
    expect(err!.status).toBe(400);
    expect(err!.message).toBe('Please enter a valid email address');
    expect(err!.errors).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);
  });

  it('validates an absent body as {}', () => {
    const pipe = new ZodValidationPipe(z.object({ name: z.string({ error: 'Name is required' }) }));
    expect(() => pipe.transform(undefined)).toThrow('Name is required');
  });
});
