import { describe, expect, it } from '@jest/globals';
import { runChecks } from './health';

describe('runChecks', () => {
  it('is ok when every check passes', async () => {
    expect(await runChecks({ database: async () => undefined, broker: async () => undefined })).toEqual({ ok: true, checks: { database: 'up', broker: 'up' } });
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

  it('times out a hanging check', async () => {
    const started = Date.now();
    const r = await runChecks({ redis: () => new Promise<void>(() => undefined), database: async () => undefined }, 50);
    expect(r).toEqual({ ok: false, checks: { redis: 'down: timed out', database: 'up' } });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('is ok with no checks', async () => {
    expect(await runChecks({})).toEqual({ ok: true, checks: {} });
  });
});
