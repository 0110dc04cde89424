import { fakeTimeouts, rejection as rejectionOf, untilTrue, waitFor } from '../testing';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { runWithCorrelation } from '../correlation';
import { AppError } from '../errors';
import { Actor, generateInternalKeyPair, InternalTokenSigner, InternalTokenVerifier } from '../internal-auth';
import { DRAINING_HEADER } from '../shutdown';
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

async function serve(
  reply: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void,
): Promise<{ url: string; seen: Seen[] }> {
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
    const r = await runWithCorrelation('corr-77', () =>
      client.request<{ ok: number }>('identity', 'GET', '/users/me', {
        actor,
        query: { a: 'x y', b: 2, c: undefined },
      }),
    );
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
    expect(() =>
      new InternalTokenVerifier(generateInternalKeyPair().publicKey).verify(
        s.headers['x-internal-auth'] as string,
        target,
      ),
    ).toThrow('bad signature');
    expect(() => verifier.verify(s.headers['x-internal-auth'] as string, { ...target, service: 'venues' })).toThrow(
      'wrong audience',
    );
    expect(() => verifier.verify(s.headers['x-internal-auth'] as string, { ...target, path: '/users/other' })).toThrow(
      'wrong request',
    );
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
    await expect(
      new InternalHttpClient({ identity: url }, auth).request('identity', 'DELETE', '/x', { actor }),
    ).resolves.toBeUndefined();
  });

  it('maps a 409 JSON error to an AppError with the same status, code, message and errors', async () => {
    const errors = [{ path: 'email', message: 'An account with this email already exists' }];
    const { url } = await serve((_q, res) =>
      json(res, 409, {
        statusCode: 409,
        code: 'AUTH.EMAIL_TAKEN',
        message: 'An account with this email already exists',
        errors,
      }),
    );
    const e = await rejection(
      new InternalHttpClient({ identity: url }, auth).request('identity', 'POST', '/auth/register', {
        actor,
        body: {},
      }),
    );
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
    const e = await rejection(
      new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor }),
    );
    expect(e).toMatchObject({ status: 404, code: 'HTTP_404', message: 'Not Found' });
  });

  it('maps a 500 to 502 UPSTREAM.ERROR without the service body', async () => {
    const { url } = await serve((_q, res) =>
      json(res, 500, { statusCode: 500, code: 'INTERNAL', message: 'relation "users" does not exist' }),
    );
    const e = await rejection(
      new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor }),
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(502);
    expect(e.code).toBe('UPSTREAM.ERROR');
    expect(e.message).not.toContain('relation');
    expect(e.errors).toBeUndefined();
  });

  it('maps a server that never answers to 504 when timeoutMs is up, not before', async () => {
    const { url, seen } = await serve(() => undefined);
    fakeTimeouts(jest);
    try {
      let settled = false;
      const answer = rejection(
        new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/slow', { actor, timeoutMs: 200 }),
      ).finally(() => (settled = true));
      await untilTrue(() => seen.length === 1, 'the request to reach the server');
      await jest.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const e = await answer;
      expect(e).toBeInstanceOf(AppError);
      expect(e.status).toBe(504);
      expect(e.code).toBe('UPSTREAM.TIMEOUT');
    } finally {
      jest.useRealTimers();
    }
  });

  it('uses the default timeout given to the constructor', async () => {
    const { url } = await serve(() => undefined);
    const e = await rejection(
      new InternalHttpClient({ identity: url }, auth, 150).request('identity', 'GET', '/slow', { actor }),
    );
    expect(e.status).toBe(504);
  });

  it('maps a closed port to 503 UPSTREAM.UNAVAILABLE', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    const e = await rejection(
      new InternalHttpClient({ identity: `http://127.0.0.1:${port}` }, auth).request('identity', 'GET', '/x', {
        actor,
      }),
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(503);
    expect(e.code).toBe('UPSTREAM.UNAVAILABLE');
  });

  it('throws for a service without a URL', async () => {
    await expect(new InternalHttpClient({}, auth).request('venues', 'GET', '/x', { actor })).rejects.toThrow(
      'no URL configured for service venues',
    );
  });

  // Regression: reading the body is inside the timeout and error mapping (was a raw 500).
  it('maps a body that stalls after the headers to 504', async () => {
    const { url } = await serve((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const e = await rejection(
      new InternalHttpClient({ identity: url }, auth).request('identity', 'GET', '/x', { actor, timeoutMs: 200 }),
    );
    expect(e).toBeInstanceOf(AppError);
    expect(e.status).toBe(504);
  });
});

/** A port nothing listens on any more: connecting to it is refused. */
async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

describe('InternalHttpClient with several instances, retries and draining', () => {
  const clients: InternalHttpClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  const client = (urls: Record<string, string | string[]>) => {
    const c = new InternalHttpClient(urls, auth, 10_000, { retryDelayMs: 20, probeEveryMs: 30 });
    clients.push(c);
    return c;
  };

  it('takes a comma-separated URL or a list, and uses the instances in turn', async () => {
    const a = await serve((_q, res) => json(res, 200, { from: 'a' }));
    const b = await serve((_q, res) => json(res, 200, { from: 'b' }));
    const c = client({ identity: ` ${a.url}, ${b.url} ` });
    const from = [];
    for (let i = 0; i < 4; i++) from.push((await c.request<{ from: string }>('identity', 'GET', '/x', { actor })).from);
    expect(from).toEqual(['a', 'b', 'a', 'b']);
    expect(c.instances('identity').map((i) => i.up)).toEqual([true, true]);
  });

  it('retries a read refused by one instance once, on the other instance, and keeps the refusing one out of rotation', async () => {
    const dead = await refusedUrl();
    const good = await serve((_q, res) => json(res, 200, { ok: true }));
    const c = client({ identity: [dead, good.url] });
    expect(await c.request('identity', 'GET', '/x', { actor })).toEqual({ ok: true });
    expect(good.seen).toHaveLength(1);
    expect(c.instances('identity')).toEqual([
      { origin: dead, up: false },
      { origin: good.url, up: true },
    ]);
    // Out of rotation: the next calls all go to the good instance without a refused attempt first.
    for (let i = 0; i < 3; i++) await c.request('identity', 'HEAD', '/x', { actor });
    expect(good.seen.map((s) => s.method)).toEqual(['GET', 'HEAD', 'HEAD', 'HEAD']);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'never retries a %s whose connection is refused (503), and sends the next write to an instance in rotation',
    async (method) => {
      const dead = await refusedUrl();
      const good = await serve((_q, res) => json(res, 200, { ok: true }));
      const c = client({ identity: [dead, good.url] });
      const e = await rejection(c.request('identity', method, '/x', { actor, body: { a: 1 } }));
      expect(e.code).toBe('UPSTREAM.UNAVAILABLE');
      expect(e.status).toBe(503);
      expect(good.seen).toHaveLength(0);
      expect(await c.request('identity', method, '/x', { actor, body: { a: 1 } })).toEqual({ ok: true });
      expect(good.seen).toHaveLength(1);
    },
  );

  it('retries a read refused by the only instance in rotation on another one out of rotation (it may be back before its probe says so)', async () => {
    let calls = 0;
    const back = await serve((req, res) => {
      if (req.url === '/health/ready') return json(res, 503, {});
      res.writeHead(200, { 'content-type': 'application/json', ...(++calls === 1 ? { [DRAINING_HEADER]: '1' } : {}) });
      res.end(JSON.stringify({ from: 'back' }));
    });
    const dead = await refusedUrl();
    const c = client({ identity: [back.url, dead] });
    expect(await c.request('identity', 'GET', '/x', { actor })).toEqual({ from: 'back' });
    expect(c.instances('identity').map((i) => i.up)).toEqual([false, true]);
    // The dead one is picked (the only one in rotation), refuses; the read goes to the other.
    expect(await c.request('identity', 'GET', '/x', { actor })).toEqual({ from: 'back' });
    expect(c.instances('identity').map((i) => i.up)).toEqual([false, false]);
    expect(back.seen.filter((s) => s.url === '/x')).toHaveLength(2);
  });

  it('retries a read whose connection is reset before any answer once, on the same single instance', async () => {
    let n = 0;
    const s = await serve((req, res) => (req.url === '/x' && ++n === 1 ? req.socket.destroy() : json(res, 200, { n })));
    const c = client({ identity: s.url });
    expect(await c.request('identity', 'GET', '/x', { actor })).toEqual({ n: 2 });
    expect(s.seen.filter((x) => x.url === '/x')).toHaveLength(2);
  });

  it('retries a read only once: two resets give 503', async () => {
    const s = await serve((req) => req.socket.destroy());
    const e = await rejection(client({ identity: s.url }).request('identity', 'GET', '/x', { actor }));
    expect(e.code).toBe('UPSTREAM.UNAVAILABLE');
    expect(s.seen.filter((x) => x.url === '/x')).toHaveLength(2);
  });

  it('never retries a write whose connection is reset (it may have been applied)', async () => {
    const s = await serve((req) => req.socket.destroy());
    const e = await rejection(client({ identity: s.url }).request('identity', 'POST', '/x', { actor, body: { a: 1 } }));
    expect(e.code).toBe('UPSTREAM.UNAVAILABLE');
    expect(s.seen.filter((x) => x.url === '/x')).toHaveLength(1);
  });

  it('takes an instance that answers "draining" out of rotation (its answer still counts) until its readiness says 200', async () => {
    let draining = true;
    const a = await serve((req, res) => {
      if (req.url === '/health/ready') return json(res, draining ? 503 : 200, {});
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(draining ? { [DRAINING_HEADER]: '1', connection: 'close' } : {}),
      });
      res.end(JSON.stringify({ from: 'a' }));
    });
    const b = await serve((_q, res) => json(res, 200, { from: 'b' }));
    const c = client({ identity: [a.url, b.url] });
    const from = async () => (await c.request<{ from: string }>('identity', 'POST', '/x', { actor, body: {} })).from;
    expect(await from()).toBe('a');
    expect(c.instances('identity')[0].up).toBe(false);
    expect([await from(), await from(), await from()]).toEqual(['b', 'b', 'b']);
    // Probed meanwhile, not sent work.
    expect(a.seen.filter((s) => s.url === '/x')).toHaveLength(1);
    await waitFor('a probed', async () => a.seen.some((s) => s.url === '/health/ready'), 5000, 10);
    expect(c.instances('identity')[0].up).toBe(false);
    expect(await from()).toBe('b');
    draining = false;
    await waitFor('a back in rotation', async () => c.instances('identity')[0].up, 5000, 20);
    expect([await from(), await from()].sort()).toEqual(['a', 'b']);
  });

  it('checks the instances in rotation on /health/live: one that starts draining leaves the rotation before any call reaches it', async () => {
    let draining = false;
    const a = await serve((req, res) => {
      res.writeHead(req.url === '/health/ready' && draining ? 503 : 200, {
        'content-type': 'application/json',
        ...(draining ? { [DRAINING_HEADER]: '1' } : {}),
      });
      res.end(JSON.stringify({ from: 'a' }));
    });
    const b = await serve((_q, res) => json(res, 200, { from: 'b' }));
    const c = new InternalHttpClient({ identity: [a.url, b.url] }, auth, 10_000, {
      probeEveryMs: 30,
      watchEveryMs: 30,
    });
    clients.push(c);
    expect(c.instances('identity').map((i) => i.up)).toEqual([true, true]);
    await waitFor('a watched', async () => a.seen.some((s) => s.url === '/health/live'), 5000, 10);
    draining = true;
    await waitFor('a out of rotation', async () => !c.instances('identity')[0].up, 5000, 10);
    const from = [];
    for (let i = 0; i < 3; i++)
      from.push((await c.request<{ from: string }>('identity', 'POST', '/x', { actor, body: {} })).from);
    expect(from).toEqual(['b', 'b', 'b']);
    expect(a.seen.filter((s) => s.url === '/x')).toHaveLength(0);
  });

  it('still tries the instances out of rotation when none is in (one may be back)', async () => {
    let up = false;
    const s = await serve((req, res) => (up ? json(res, 200, { ok: true }) : req.socket.destroy()));
    const c = client({ identity: s.url });
    await rejection(c.request('identity', 'GET', '/x', { actor }));
    expect(c.instances('identity')[0].up).toBe(false);
    up = true;
    expect(await c.request('identity', 'GET', '/x', { actor })).toEqual({ ok: true });
  });

  it('with no instance in rotation, sends to the one out of it the longest (started again, its probe lagging), not the one that just began to drain', async () => {
    // Readiness never answers (a loaded machine): no probe brings an instance back meanwhile.
    const drainNext = new Set<string>();
    const instance = async (name: string) =>
      serve((req, res) => {
        if (req.url === '/health/ready') return;
        const drain = drainNext.delete(name);
        res.writeHead(200, { 'content-type': 'application/json', ...(drain ? { [DRAINING_HEADER]: '1' } : {}) });
        res.end(JSON.stringify({ from: name }));
      });
    const [a, b, c] = await Promise.all([instance('a'), instance('b'), instance('c')]);
    const http = client({ identity: [a.url, b.url, c.url] });
    const from = async (drains?: string) => {
      if (drains) drainNext.add(drains);
      return (await http.request<{ from: string }>('identity', 'POST', '/x', { actor, body: {} })).from;
    };
    expect(await from()).toBe('a');
    expect(await from('b')).toBe('b'); // b leaves the rotation first
    expect(await from()).toBe('c');
    expect(await from('a')).toBe('a'); // then a
    expect(await from('c')).toBe('c'); // then c: none in rotation
    expect(http.instances('identity').map((i) => i.up)).toEqual([false, false, false]);
    // In turn would be a (the next after c); b has been out the longest.
    expect(await from()).toBe('b');
  });
});
