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

export type Check = () => Promise<void>;

/** Runs named checks with a timeout each; `ok` only if all pass. */
export async function runChecks(checks: Record<string, Check>, timeoutMs = 2000): Promise<{ ok: boolean; checks: Record<string, string> }> {
  const results: Record<string, string> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([check(), new Promise((_, rej) => (timer = setTimeout(() => rej(new Error('timed out')), timeoutMs)))]);
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

/** `/health/live` (the process answers) and `/health/ready` (database, broker, Redis, storage as configured; 503 while draining). */
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
  live() {
    return { status: 'ok' };
  }

  @PublicRoute()
  @Get('ready')
  async ready(@Res() res: any) {
    // Stopping: not ready, so balancers (and the gateway's probe) send nothing new here.
    if (this.drain?.draining) return res.status(503).send({ status: 'draining', checks: {} });
    const checks: Record<string, Check> = {
      database: async () => void (await this.ds.query('SELECT 1')),
      broker: () => this.transport.ping(),
    };
    if (this.redis) checks.redis = async () => void (await this.redis!.ping());
    if (this.storage) checks.storage = () => this.storage!.ping();
    const r = await runChecks(checks);
    // The event path's state is reported, not judged: a parked outbox row or a dead letter needs a
    // person, but the service still serves requests.
    const outbox = r.checks.database === 'up' && this.relay ? await this.relay.status().catch(() => null) : null;
    const events = { ...(outbox ?? {}), deadLettered: eventMetrics.deadLettered, transientRetries: eventMetrics.transientRetries };
    res.status(r.ok ? 200 : 503).send({ status: r.ok ? 'ok' : 'unavailable', checks: r.checks, events });
  }
}
