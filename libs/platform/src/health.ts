import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Redis from 'ioredis';
import { PublicRoute } from './internal-auth';
import { EVENT_TRANSPORT, EventTransport } from './transport/transport';
import { OutboxRelay } from './outbox';
import { eventMetrics } from './transport/consumer';
import { REDIS } from './redis';
import { OBJECT_STORAGE, ObjectStorage } from './storage';
import { DrainState } from './shutdown';
import { stoppedConsumers } from './transport/interval-commits';

export type Check = () => Promise<void>;

/** How long readiness waits for each shared dependency it reports (not judged: see HealthController). */
export const DEPENDENCY_CHECK_MS = 500;

/** Runs named checks with a timeout each; `ok` only if all pass. */
export async function runChecks(
  checks: Record<string, Check>,
  timeoutMs = 2000,
): Promise<{ ok: boolean; checks: Record<string, string> }> {
  const results: Record<string, string> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise((_, rej) => (timer = setTimeout(() => rej(new Error('timed out')), timeoutMs))),
        ]);
        results[name] = 'up';
      } catch (e) {
        results[name] = `down: ${(e as Error)?.message ?? e}`;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ok: Object.values(results).every((r) => r === 'up'), checks: results };
}

/**
 * The event consumers of this process that kafkajs stopped for good, group → cause (see
 * `stoppedConsumers`); null when every consumer runs. Such a process needs a restart: its health
 * fails, liveness included.
 */
export function consumersStopped(): Record<string, string> | null {
  return stoppedConsumers.size ? Object.fromEntries(stoppedConsumers) : null;
}

/**
 * `/health/live` (the process answers, and none of its event consumers has stopped for good) and `/health/ready`: whether THIS instance can serve its own
 * requests, i.e. its database answers (its migrations ran before it listened); 503 while draining.
 *
 * The broker, Redis and object storage are reported (`dependencies`), not judged: they are shared
 * by every instance, so taking instances out of rotation for them helps nobody, and a blip took
 * every service and then the gateway out, the whole site answering 503 while the outbox would have
 * kept writes going (docs/runbook.md#runbook-readiness).
 * A request that needs a dependency that is down fails on its own
 * with a clear 503; the rest is served.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Optional() @Inject(REDIS) private readonly redis?: Redis,
    @Optional() @Inject(OBJECT_STORAGE) private readonly storage?: ObjectStorage,
    @Optional() private readonly relay?: OutboxRelay,
    @Optional() private readonly drain?: DrainState,
  ) {}

  @PublicRoute()
  @Get('live')
  live(@Res() res: any) {
    const stopped = consumersStopped();
    if (stopped) return res.status(503).send({ status: 'consumer-stopped', consumers: stopped });
    return res.status(200).send({ status: 'ok' });
  }

  @PublicRoute()
  @Get('ready')
  async ready(@Res() res: any) {
    // Stopping: not ready, so balancers (and the gateway's probe) send nothing new here.
    if (this.drain?.draining) return res.status(503).send({ status: 'draining', checks: {} });
    const dependencies: Record<string, Check> = { broker: () => this.transport.ping() };
    if (this.redis) dependencies.redis = async () => void (await this.redis!.ping());
    if (this.storage) dependencies.storage = () => this.storage!.ping();
    // A frozen dependency must not hold the answer past a prober's timeout (1 s by default in
    // Kubernetes): it is given less, and only the database its 2 s.
    const [own, deps] = await Promise.all([
      runChecks({
        database: async () => void (await this.ds.query('SELECT 1')),
        // This instance's own: a consumer stopped for good reads nothing until the process restarts.
        consumers: async () => {
          const stopped = consumersStopped();
          if (stopped) throw new Error(`stopped: ${Object.keys(stopped).join(', ')}`);
        },
      }),
      runChecks(dependencies, DEPENDENCY_CHECK_MS),
    ]);
    const ok = own.ok;
    const degraded = Object.entries(deps.checks)
      .filter(([, state]) => state !== 'up')
      .map(([name]) => name)
      .sort();
    // The event path's state is reported, not judged: a parked outbox row or a dead letter needs a
    // person, but the service still serves requests.
    const outbox = ok && this.relay ? await this.relay.status().catch(() => null) : null;
    const events = {
      ...(outbox ?? {}),
      deadLettered: eventMetrics.deadLettered,
      transientRetries: eventMetrics.transientRetries,
    };
    res.status(ok ? 200 : 503).send({
      status: ok ? (degraded.length ? 'degraded' : 'ok') : 'unavailable',
      checks: { ...own.checks, ...deps.checks },
      ...(degraded.length ? { degraded } : {}),
      events,
    });
  }
}
