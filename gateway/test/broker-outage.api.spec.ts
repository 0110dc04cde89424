import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { inject } from './support/provided';
import { World } from './support/world';

// Issue 30.1 on the shared distributed stack: the broker frozen (SIGSTOP, as a broker that stops
// answering without closing its connections) for a bounded while. Readiness means "this process
// can serve its own requests", so every service and the gateway stay ready (degraded), a write
// lands in its outbox and is answered, and once the broker answers again the event is published
// and consumed. The broker is infra/local's (its pid file); it is always resumed, even on failure.
const FREEZE_MS = Number(process.env.BROKER_FREEZE_MS ?? 15_000);
const pidFile = join(process.env.LUXE_INFRA_CACHE ?? join(homedir(), '.cache', 'luxeswipe-infra'), 'run', 'kafka.pid');
let pid = 0;
let frozen = false;
const world = new World();

beforeAll(async () => {
  pid = Number(readFileSync(pidFile, 'utf8').trim());
  expect(pid).toBeGreaterThan(1);
  process.kill(pid, 0); // alive
  await world.open('identity', 'social');
});
afterAll(async () => {
  if (frozen) process.kill(pid, 'SIGCONT');
  await world.close();
});

const ready = async (url: string) => {
  const r = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5000) });
  return { status: r.status, body: (await r.json()) as { status: string } };
};

describe('the broker frozen', () => {
  it('every process stays ready (degraded), a sign-up is answered and waits in the outbox, and is published and consumed once the broker answers', async () => {
    const processes = { ...inject('serviceUrls'), gateway: inject('gatewayUrl') };
    process.kill(pid, 'SIGSTOP');
    frozen = true;
    const until = Date.now() + FREEZE_MS;
    let registered: { id: string; email: string } | undefined;
    try {
      // The services notice within their 500 ms broker check: wait until each says so.
      for (const [name, url] of Object.entries(processes).filter(([n]) => n !== 'gateway')) {
        await waitFor(
          `${name} reports the broker down`,
          async () => {
            const r = await ready(url);
            expect([name, r.status]).toEqual([name, 200]);
            return r.body.status === 'degraded';
          },
          10_000,
        );
      }
      const body = validRegistration({ userType: 'guest' });
      const res = await new ApiClient(processes.gateway).call('POST', '/api/auth/register', body);
      expect(res.status).toBe(201);
      registered = { id: res.json.id, email: body.email };
      const [row] = (
        await world.dbs.identity.query(
          `SELECT published_at FROM outbox_events WHERE key = $1 AND type = 'identity.user-registered'`,
          [registered.id],
        )
      ).rows;
      expect(row).toEqual({ published_at: null });
      // Ready all along the freeze, every one of them.
      while (Date.now() < until) {
        for (const [name, url] of Object.entries(processes))
          expect([name, (await ready(url)).status]).toEqual([name, 200]);
        await new Promise((r) => setTimeout(r, 1000));
      }
    } finally {
      process.kill(pid, 'SIGCONT');
      frozen = false;
    }
    // Back: the relay publishes the row and bookings' consumer has the new member's card.
    await waitFor(
      'the sign-up published',
      async () =>
        (
          await world.dbs.identity.query(
            `SELECT 1 FROM outbox_events WHERE key = $1 AND type = 'identity.user-registered' AND published_at IS NOT NULL`,
            [registered!.id],
          )
        ).rows.length === 1,
      90_000,
    );
    await world.has('bookings', 'member_cards', 'user_id', registered!.id);
    for (const [name, url] of Object.entries(processes))
      await waitFor(`${name} ready after the freeze`, async () => (await ready(url)).status === 200, 60_000);
    // The broker takes a while after a freeze before it makes topics again (the next test file may
    // start a stack of its own): left only once it does.
    const admin = new Kafka({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: 'broker-outage-probe',
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const topic = `broker-outage-probe-${Date.now()}`;
      await waitFor(
        'the broker makes topics again',
        async () =>
          admin.createTopics({ topics: [{ topic }], waitForLeaders: true }).then(
            () => true,
            () => false,
          ),
        90_000,
      );
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
    } finally {
      await admin.disconnect();
    }
    // Every consumer still reads once the broker has settled: kafkajs stopped a consumer for good when
    // it could not find its group's coordinator in time (the broker electing leaders after the freeze),
    // which left the next test files without events; patched to restart it (patches/kafkajs+2.2.4.patch).
    const later = validRegistration({ userType: 'guest' });
    const after = await new ApiClient(processes.gateway).call('POST', '/api/auth/register', later);
    expect(after.status).toBe(201);
    await world.has('bookings', 'member_cards', 'user_id', after.json.id);
    await world.has('social', 'member_cards', 'user_id', after.json.id);
  }, 300_000);
});
