import { rejection as rejectionOf } from '../testing';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { runWithCorrelation } from '../correlation';
import { AppError } from '../errors';
import { Actor, generateInternalKeyPair, InternalTokenSigner, InternalTokenVerifier } from '../internal-auth';
import { InternalHttpClient } from './internal-client';

const keys = generateInternalKeyPair();
const auth = new InternalTokenSigner(keys.privateKey);
const verifier = new InternalTokenVerifier(keys.publicKey);
const actor: Actor = { role: 'member', userId: 'u-1', userType: 'guest' };

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(reply: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body };
      seen.push(s);
      reply(req, res, s);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const rejection = (p: Promise<unknown>) => rejectionOf<AppError>(p);

describe('InternalHttpClient', () => {
  it('sends a verifiable gateway token and the correlation id, no content type without a body', async () => {
    const { url, seen } = await serve((_q, res) => json(res, 200, { ok: 1 }));
    const client = new InternalHttpClient({ identity: url }, auth);
    const r = await runWithCorrelation('corr-77', () => client.request<{ ok: number }>('identity', 'GET', '/users/me', { actor, query: { a: 'x y', b: 2, c: undefined } }));
    expect(r).toEqual({ ok: 1 });
    expect(seen).toHaveLength(1);
    const s = seen[0];
    expect(s.method).toBe('GET');
    expect(s.url).toBe('/users/me?a=x+y&b=2');
    expect(s.headers['x-correlation-id']).toBe('corr-77');
    expect(s.headers['content-type']).toBeUndefined();
    expect(s.headers.accept).toBe('application/json');
    const target = { service: 'identity', method: 'GET', path: '/users/me' };
    expect(verifier.verify(s.headers['x-internal-auth'] as string, target)).toEqual({ actor });
    // another key cannot verify it, nor can another service or route accept it
    expect(() => new InternalTokenVerifier(generateInternalKeyPair().publicKey).verify(s.headers['x-internal-auth'] as string, target)).toThrow('bad signature');
    expect(() => verifier.verify(s.headers['x-internal-auth'] as string, { ...target, service: 'venues' })).toThrow('wrong audience');
    expect(() => verifier.verify(s.headers['x-internal-auth'] as string, { ...target, path: '/users/other' })).toThrow('wrong request');
  });

  it('sends a JSON body with a JSON content type', async () => {
    const { url, seen } = await serve((_q, res) => json(res, 201, { id: 'new' }));
    const client = new InternalHttpClient({ identity: url }, auth);
    const r = await client.request('identity', 'POST', '/auth/register', { actor, body: { email: 'a@b.co' } });
    expect(r).toEqual({ id: 'new' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ email: 'a@b.co' });
    // no correlation context: no header
    expect(seen[0].headers['x-correlation-id']).toBeUndefined();
  });

  it('returns undefined for an empty 204', async () => {
    const { url } = await serve((_q, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(new InternalHttpClient({ identity: url }, auth).request('identity', 'DELETE', '/x', { actor })).resolves.toBeUndefined();
  });

  it('maps a 409 JSON error to an AppError with the same status, code, message and errors', async () => {
    const errors = [{ path: 'email', message: 'An account with this email already exists' }];
    const { url } = await serve((_q, res) => json(res, 409, { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: 'An account with this email already exists', errors }));
    const e = await rejection(new InternalHttpClient({ identity: url }, auth).request('identity', 'POST', '/auth/register', { actor, body: {} }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(409);
    expect(e.code).toBe('AUTH.EMAIL_TAKEN');
    expect(e.message).toBe('An account with this email already exists');
    expect(e.errors).toEqual(errors);
  });

  it('maps a 4xx without a JSON body to HTTP_<status> with the status text', async () => {
    const { url } = await serve((_q, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nothing here');
    });
    const e = await rejection(new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor }));
    expect(e).toMatchObject({ status: 404, code: 'HTTP_404', message: 'Not Found' });
  });

  it('maps a 500 to 502 UPSTREAM.ERROR without the service body', async () => {
    const { url } = await serve((_q, res) => json(res, 500, { statusCode: 500, code: 'INTERNAL', message: 'relation "users" does not exist' }));
    const e = await rejection(new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(502);
    expect(e.code).toBe('UPSTREAM.ERROR');
    expect(e.message).not.toContain('relation');
    expect(e.errors).toBeUndefined();
  });

  it('maps a server that never answers to 504 after timeoutMs', async () => {
    const { url } = await serve(() => undefined);
    const started = Date.now();
    const e = await rejection(new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/slow', { actor, timeoutMs: 200 }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(504);
    expect(e.code).toBe('UPSTREAM.TIMEOUT');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(150);
    expect(took).toBeLessThan(3000);
  });

  it('uses the default timeout given to the constructor', async () => {
    const { url } = await serve(() => undefined);
    const e = await rejection(new InternalHttpClient({ identity: url }, auth, 150).request('identity', 'GET', '/slow', { actor }));
    expect(e.status).toBe(504);
  });

  it('maps a closed port to 503 UPSTREAM.UNAVAILABLE', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const e = await rejection(new InternalHttpClient({ identity: `http://127.0.0.1:${port}` }, auth).request('identity', 'GET', '/x', { actor }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(503);
    expect(e.code).toBe('UPSTREAM.UNAVAILABLE');
  });

  it('throws for a service without a URL', async () => {
    await expect(new InternalHttpClient({}, auth).request('venues', 'GET', '/x', { actor })).rejects.toThrow('no URL configured for service venues');
  });

  // Regression: reading the body is inside the timeout and error mapping (was a raw 500).
  it('maps a body that stalls after the headers to 504', async () => {
    const { url } = await serve((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const e = await rejection(new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor, timeoutMs: 200 }));
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(504);
  });
});
