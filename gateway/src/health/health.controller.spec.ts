import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { stoppedConsumers } from '@luxe/platform';
import { GatewayHealthController, isLoopback, READY_CACHE_MS, READY_STALE_MAX_MS } from './health.controller';

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A service whose /health/ready answers 200 after `delayMs`. */
async function slowService(delayMs: number): Promise<string> {
  const server = createServer((_req, res) =>
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'), delayMs),
  );
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Whether a promise settles within `ms` (a prober that gives up). */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p.then((v) => ({ answered: true as const, v })),
    new Promise<{ answered: false }>((r) => setTimeout(() => r({ answered: false }), ms)),
  ]);

/** A Redis whose ping resolves or fails when the test says. */
function heldRedis() {
  const held: { release: (ok: boolean) => void }[] = [];
  const ping = jest.fn(
    () =>
      new Promise<string>((res, rej) =>
        held.push({ release: (ok) => (ok ? res('PONG') : rej(new Error('connection lost'))) }),
      ),
  );
  return { redis: { ping }, held };
}

function reply() {
  const r: any = { code: 0, body: undefined };
  r.status = (c: number) => ((r.code = c), r);
  r.send = (b: unknown) => ((r.body = b), r);
  return r;
}

describe('gateway readiness', () => {
  it('recognises callers on this machine by the socket address only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', undefined])
      expect(isLoopback(a)).toBe(false);
  });

  it('stays ready with Redis down; tells a remote caller only its status, and a local caller which dependency is down', async () => {
    const redis = {
      ping: jest.fn(async () => {
        throw new Error('connect ECONNREFUSED 10.1.2.3:6379');
      }),
    };
    const c = new GatewayHealthController(redis as any, {});
    const remote = reply();
    await c.ready({ socket: { remoteAddress: '203.0.113.5' } } as any, remote);
    expect(remote.code).toBe(200);
    expect(remote.body).toEqual({ status: 'ok' });
    expect(redis.ping).not.toHaveBeenCalled();
    const local = reply();
    await c.ready({ socket: { remoteAddress: '127.0.0.1' } } as any, local);
    expect(local.code).toBe(200);
    expect(local.body.status).toBe('degraded');
    expect(local.body.checks.redis).toContain('down');
  });

  it('stays ready when a service has no ready instance (one service down must not take the whole site out: issue 30)', async () => {
    const down = createServer((_req, res) => res.writeHead(503).end('{}'));
    servers.push(down);
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const c = new GatewayHealthController({ ping: async () => 'PONG' } as any, {
      social: `http://127.0.0.1:${(down.address() as AddressInfo).port}`,
      venues: await slowService(0),
    });
    const local = reply();
    await c.ready({ socket: { remoteAddress: '127.0.0.1' } } as any, local);
    expect(local.code).toBe(200);
    expect(local.body).toEqual({ status: 'degraded', checks: { redis: 'up', venues: 'up', social: 'down: HTTP 503' } });
    const remote = reply();
    await c.ready({ socket: { remoteAddress: '10.0.0.7' } } as any, remote);
    expect(remote.code).toBe(200);
  });

  it('is not ready while draining', async () => {
    const c = new GatewayHealthController({ ping: async () => 'PONG' } as any, {}, { draining: true } as any);
    const r = reply();
    await c.ready({ socket: { remoteAddress: '10.0.0.7' } } as any, r);
    expect(r.code).toBe(503);
  });

  it('is neither live nor ready once one of its event consumers has stopped for good (only a restart brings it back)', async () => {
    const c = new GatewayHealthController({ ping: async () => 'PONG' } as any, {});
    const remote = { socket: { remoteAddress: '10.0.0.7' } } as any;
    stoppedConsumers.set('gateway-push', 'KafkaJSProtocolError: Not authorized to access group');
    try {
      const [live, ready] = [reply(), reply()];
      c.live(live);
      await c.ready(remote, ready);
      expect([live.code, live.body.consumers, ready.code]).toEqual([
        503,
        { 'gateway-push': 'KafkaJSProtocolError: Not authorized to access group' },
        503,
      ]);
    } finally {
      stoppedConsumers.clear();
    }
    const [live, ready] = [reply(), reply()];
    c.live(live);
    await c.ready(remote, ready);
    expect([live.code, live.body, ready.code]).toEqual([200, { status: 'ok' }, 200]);
  });

  it('reuses one result for a short while instead of fanning out on every probe', async () => {
    const redis = { ping: jest.fn(async () => 'PONG') };
    const c = new GatewayHealthController(redis as any, {});
    await c.check(1_000);
    await c.check(1_000 + READY_CACHE_MS - 1);
    expect(redis.ping).toHaveBeenCalledTimes(1);
    await c.check(1_000 + READY_CACHE_MS);
    expect(redis.ping).toHaveBeenCalledTimes(2);
  });

  it('answers a probe at once from the last finished round while a new one runs, and runs one round at a time', async () => {
    const { redis, held } = heldRedis();
    const c = new GatewayHealthController(redis as any, {});
    const first = c.check(0);
    held[0].release(true);
    expect((await first).ok).toBe(true);
    // Stale: a new round starts, the probe gets the last result without waiting for it.
    expect(await within(c.check(READY_CACHE_MS + 1), 200)).toEqual({
      answered: true,
      v: { ok: true, checks: { redis: 'up' } },
    });
    expect(await within(c.check(READY_CACHE_MS + 500), 200)).toMatchObject({ answered: true, v: { ok: true } });
    expect(redis.ping).toHaveBeenCalledTimes(2);
    // That round finds Redis down: the next probe says so.
    held[1].release(false);
    await new Promise((r) => setImmediate(r));
    const after = await c.check(READY_CACHE_MS + 600);
    expect(after.ok).toBe(false);
    expect(after.checks.redis).toContain('connection lost');
    expect(redis.ping).toHaveBeenCalledTimes(2);
  });

  it('delivers a round that took longer than the prober waits to the next probe (it used to start a new round each time, which no probe outlasted)', async () => {
    const { redis, held } = heldRedis();
    const c = new GatewayHealthController(redis as any, {});
    // The first probe (at 0) gives up after 2 s; its round finishes later.
    expect(await within(c.check(0), 50)).toEqual({ answered: false });
    held[0].release(true);
    await new Promise((r) => setImmediate(r));
    // The prober's next try, 2.25 s after the first: past the cache, but answered at once.
    expect(await within(c.check(2250), 50)).toEqual({ answered: true, v: { ok: true, checks: { redis: 'up' } } });
    held[1].release(true);
  });

  it('waits for the new round when the last one is too old to answer with', async () => {
    const { redis, held } = heldRedis();
    const c = new GatewayHealthController(redis as any, {});
    const first = c.check(0);
    held[0].release(true);
    await first;
    const late = c.check(READY_STALE_MAX_MS);
    expect(await within(late, 50)).toEqual({ answered: false });
    held[1].release(false);
    expect((await late).ok).toBe(false);
  });

  it("counts a busy service that answers its readiness within a service's own budget (2 s per dependency) as up", async () => {
    const c = new GatewayHealthController({ ping: async () => 'PONG' } as any, {
      social: `${await slowService(1800)}`,
    });
    expect(await c.check()).toEqual({ ok: true, checks: { redis: 'up', social: 'up' } });
  });
});
