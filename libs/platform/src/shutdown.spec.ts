import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createHttpApp } from './http/app';
import { createLogger } from './logger';
import { DRAINING_HEADER, DrainState, drainStep, exitOnStopSignals, runShutdown } from './shutdown';

const logger = createLogger('shutdown-test', 'silent');

describe('runShutdown', () => {
  it('runs the steps in order; a failing step is logged, the next ones still run, and the result says false', async () => {
    const order: string[] = [];
    const log = { info: jest.fn(), error: jest.fn() };
    const ok = await runShutdown(
      [
        { name: 'drain', run: async () => void order.push('drain') },
        {
          name: 'http',
          run: async () => {
            order.push('http');
            throw new Error('boom');
          },
        },
        { name: 'relay', run: () => void order.push('relay') },
      ],
      log as never,
      1000,
    );
    expect(order).toEqual(['drain', 'http', 'relay']);
    expect(ok).toBe(false);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ step: 'http' }), 'shutdown step failed');
  });

  it('resolves true when every step finished', async () => {
    expect(await runShutdown([{ name: 'a', run: async () => undefined }], logger, 1000)).toBe(true);
  });

  it('gives up after the timeout when a step hangs', async () => {
    const log = { info: jest.fn(), error: jest.fn() };
    const ok = await runShutdown([{ name: 'stuck', run: () => new Promise(() => undefined) }], log as never, 50);
    expect(ok).toBe(false);
    expect(log.error).toHaveBeenCalledWith({ timeoutMs: 50 }, 'shutdown did not finish in time');
  });
});

describe('drainStep', () => {
  it('says the process is draining at once, then keeps it serving for the drain time', async () => {
    jest.useFakeTimers();
    try {
      const drain = new DrainState();
      let done = false;
      const step = drainStep(drain, 2000);
      const running = Promise.resolve(step.run()).then(() => (done = true));
      expect(step.name).toBe('drain');
      expect(drain.draining).toBe(true);
      await jest.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await running;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
  it('does not wait when there is no drain time', async () => {
    const drain = new DrainState();
    await drainStep(drain, undefined).run();
    expect(drain.draining).toBe(true);
  });
});

describe('exitOnStopSignals', () => {
  const fakeProcess = () => Object.assign(new EventEmitter(), { exit: jest.fn() });

  it('stops once on SIGTERM and exits 0 when the stop went well', async () => {
    const proc = fakeProcess();
    let release!: (v: boolean) => void;
    const stop = jest.fn(() => new Promise<boolean>((r) => (release = r)));
    exitOnStopSignals(stop, logger, proc as never);
    proc.emit('SIGTERM', 'SIGTERM');
    expect(stop).toHaveBeenCalledTimes(1);
    expect(proc.exit).not.toHaveBeenCalled();
    release(true);
    await new Promise((r) => setImmediate(r));
    expect(proc.exit).toHaveBeenCalledWith(0);
  });

  it('exits 1 when the stop failed, and at once on a second signal', async () => {
    const proc = fakeProcess();
    exitOnStopSignals(() => new Promise<boolean>(() => undefined), logger, proc as never);
    proc.emit('SIGINT', 'SIGINT');
    expect(proc.exit).not.toHaveBeenCalled();
    proc.emit('SIGTERM', 'SIGTERM');
    expect(proc.exit).toHaveBeenCalledWith(1);

    const proc2 = fakeProcess();
    exitOnStopSignals(async () => false, logger, proc2 as never);
    proc2.emit('SIGTERM', 'SIGTERM');
    await new Promise((r) => setImmediate(r));
    expect(proc2.exit).toHaveBeenCalledWith(1);
  });

  it('removes its listeners when asked', () => {
    const proc = fakeProcess();
    const off = exitOnStopSignals(async () => true, logger, proc as never);
    expect(proc.listenerCount('SIGTERM')).toBe(1);
    off();
    expect(proc.listenerCount('SIGTERM')).toBe(0);
    expect(proc.listenerCount('SIGINT')).toBe(0);
  });
});

describe('HTTP while draining and closing', () => {
  let release: () => void = () => undefined;
  @Controller()
  class SlowController {
    @Get('fast')
    fast() {
      return { ok: true };
    }
    @Get('slow')
    async slow() {
      await new Promise<void>((r) => (release = r));
      return { done: true };
    }
  }
  @Module({ controllers: [SlowController] })
  class SlowModule {}

  let app: NestFastifyApplication | null = null;
  afterEach(async () => {
    release();
    await app?.close().catch(() => undefined);
    app = null;
  });

  /** One request on its own connection (agent: false), its status, headers and body. */
  const get = (port: number, path: string) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('while draining, answers with connection: close and the draining header; close waits for the request in flight, then refuses connections', async () => {
    const drain = new DrainState();
    app = await createHttpApp(SlowModule, logger, { drain });
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as { port: number }).port;

    const before = await get(port, '/fast');
    expect(before.status).toBe(200);
    expect(before.headers[DRAINING_HEADER]).toBeUndefined();

    const inFlight = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 100));
    drain.start();
    expect(drain.draining).toBe(true);
    const during = await get(port, '/fast');
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');
    expect(during.headers[DRAINING_HEADER]).toBe('1');

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    // The slow request is still being served: close has not finished.
    expect(closed).toBe(false);
    release();
    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body)).toEqual({ done: true });
    await closing;
    app = null;
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
