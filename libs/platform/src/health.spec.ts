import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { DEPENDENCY_CHECK_MS, HealthController, runChecks } from './health';
import { fakeTimeouts } from './testing';
import { stoppedConsumers } from './transport/interval-commits';

afterEach(() => {
  jest.useRealTimers();
});

describe('runChecks', () => {
  it('is ok when every check passes', async () => {
    expect(await runChecks({ database: async () => undefined, broker: async () => undefined })).toEqual({
      ok: true,
      checks: { database: 'up', broker: 'up' },
    });
  });

  it('is not ok when one check throws, with its message', async () => {
    const r = await runChecks({
      database: async () => undefined,
      broker: async () => {
        throw new Error('connection refused');
      },
    });
    expect(r).toEqual({ ok: false, checks: { database: 'up', broker: 'down: connection refused' } });
  });

  it('times out a hanging check when its time is up, not before', async () => {
    fakeTimeouts(jest);
    let result: unknown = null;
    void runChecks({ redis: () => new Promise<void>(() => undefined), database: async () => undefined }, 50).then(
      (r) => (result = r),
    );
    await jest.advanceTimersByTimeAsync(49);
    expect(result).toBeNull();
    await jest.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, checks: { redis: 'down: timed out', database: 'up' } });
  });

  it('is ok with no checks', async () => {
    expect(await runChecks({})).toEqual({ ok: true, checks: {} });
  });
});

describe("a service's readiness (issue 30: a shared dependency down must not take every instance out)", () => {
  function reply() {
    const r: any = { code: 0, body: undefined };
    r.status = (c: number) => ((r.code = c), r);
    r.send = (b: unknown) => ((r.body = b), r);
    return r;
  }
  const down = async () => {
    throw new Error('connection refused');
  };
  const hangs = () => new Promise<never>(() => undefined);

  it('stays ready with the broker, Redis and storage down, and names them', async () => {
    const c = new HealthController(
      { query: async () => [{ '?column?': 1 }] } as any,
      { ping: down } as any,
      { ping: down } as any,
      { ping: down } as any,
    );
    const r = reply();
    await c.ready(r);
    expect(r.code).toBe(200);
    expect(r.body).toMatchObject({
      status: 'degraded',
      degraded: ['broker', 'redis', 'storage'],
      checks: { database: 'up', broker: 'down: connection refused' },
    });
  });

  it("answers within a prober's second when a dependency hangs (a frozen broker)", async () => {
    expect(DEPENDENCY_CHECK_MS).toBeLessThan(1000);
    fakeTimeouts(jest);
    const c = new HealthController({ query: async () => [] } as any, { ping: hangs } as any);
    const r = reply();
    void c.ready(r);
    await jest.advanceTimersByTimeAsync(DEPENDENCY_CHECK_MS - 1);
    expect(r.code).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(r.code).toBe(200);
    expect(r.body.checks.broker).toBe('down: timed out');
  });

  it('is neither live nor ready once an event consumer has stopped for good, and names it', async () => {
    const c = new HealthController({ query: async () => [] } as any, { ping: async () => undefined } as any);
    stoppedConsumers.set('social', 'KafkaJSProtocolError: Not authorized to access group');
    try {
      const live = reply();
      c.live(live);
      expect([live.code, live.body]).toEqual([
        503,
        { status: 'consumer-stopped', consumers: { social: 'KafkaJSProtocolError: Not authorized to access group' } },
      ]);
      const ready = reply();
      await c.ready(ready);
      expect([ready.code, ready.body.status, ready.body.checks.consumers]).toEqual([
        503,
        'unavailable',
        'down: stopped: social',
      ]);
    } finally {
      stoppedConsumers.clear();
    }
    const live = reply();
    c.live(live);
    expect([live.code, live.body]).toEqual([200, { status: 'ok' }]);
    const ready = reply();
    await c.ready(ready);
    expect([ready.code, ready.body.checks.consumers]).toEqual([200, 'up']);
  });

  it('is not ready without its database', async () => {
    const c = new HealthController({ query: down } as any, { ping: async () => undefined } as any);
    const r = reply();
    await c.ready(r);
    expect(r.code).toBe(503);
    expect(r.body.status).toBe('unavailable');
  });
});
