import { describe, expect, it, jest } from '@jest/globals';
import { GatewayHealthController, isLoopback, READY_CACHE_MS } from './health.controller';

function reply() {
  const r: any = { code: 0, body: undefined };
  r.status = (c: number) => ((r.code = c), r);
  r.send = (b: unknown) => ((r.body = b), r);
  return r;
}

describe('gateway readiness', () => {
  it('recognises callers on this machine by the socket address only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', undefined]) expect(isLoopback(a)).toBe(false);
  });

  it('tells a remote caller only up or down, and a local caller which dependency is down', async () => {
    const redis = { ping: jest.fn(async () => { throw new Error('connect ECONNREFUSED 10.1.2.3:6379'); }) };
    const c = new GatewayHealthController(redis as any, {});
    const remote = reply();
    await c.ready({ socket: { remoteAddress: '203.0.113.5' } } as any, remote);
    expect(remote.code).toBe(503);
    expect(remote.body).toEqual({ status: 'unavailable' });
    expect(JSON.stringify(remote.body)).not.toContain('ECONNREFUSED');
    const local = reply();
    await c.ready({ socket: { remoteAddress: '127.0.0.1' } } as any, local);
    expect(local.body.checks.redis).toContain('down');
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
});
