import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import pino from 'pino';
import { serializeError } from './logger';

/** What a logger with the platform's error serializer writes for `{ err }`. */
function logged(err: unknown): Record<string, unknown> {
  const lines: string[] = [];
  const out = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
  pino({ serializers: { err: serializeError } }, out).warn({ err }, 'failed');
  return (JSON.parse(lines[0]!) as { err: Record<string, unknown> }).err;
}

describe('serializeError', () => {
  it("keeps what went wrong (type, message, stack, the error's own fields, its cause) and leaves out the connection it came from", () => {
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { host: '127.0.0.1' }, _queryQueue: [], processID: 18424 },
      connection: { stream: { _readableState: {} } },
      cause: new Error('the server went away'),
    });
    const e = logged(err);
    expect(e).toMatchObject({
      type: 'Error',
      message: expect.stringContaining('terminating connection due to administrator command'),
      code: '57P01',
      severity: 'FATAL',
    });
    expect(String(e.stack)).toContain('terminating connection');
    expect(e).not.toHaveProperty('client');
    expect(e).not.toHaveProperty('connection');
    expect(JSON.stringify(e)).toContain('the server went away');
  });

  it('keeps a field of that name that is no object (a client id)', () => {
    expect(logged(Object.assign(new Error('refused'), { client: 'gateway-1' }))).toMatchObject({ client: 'gateway-1' });
  });
});
