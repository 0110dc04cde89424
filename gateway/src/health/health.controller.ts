import { Controller, Get, Inject, Optional, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consumersStopped, DrainState, parseServiceUrls, REDIS, runChecks, type ServiceUrls } from '@luxe/platform';
import type Redis from 'ioredis';

export const SERVICE_URLS = Symbol('SERVICE_URLS');
/** How long one readiness result is reused, so anonymous probes cannot fan out to every service. */
export const READY_CACHE_MS = 2000;
/**
 * How long a service instance may take to answer its own readiness. A service gives each of its
 * dependencies 2 s (runChecks), so a shorter wait here would call a healthy but busy service down.
 */
export const SERVICE_READY_TIMEOUT_MS = 5000;
/** How old a result may be and still be answered while a new round of checks runs; older, the probe waits for the round. */
export const READY_STALE_MAX_MS = 15_000;

type Ready = { ok: boolean; checks: Record<string, string> };

/** True for a caller on this machine (the socket's address, never a forwarded header). */
export function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

/**
 * Readiness: this gateway can serve its own requests, i.e. it is not draining. Redis and the
 * services are shared by every gateway, so they are reported to a caller on this machine, never
 * judged: when readiness required them all, one service down (or a Kafka blip that took the
 * services' readiness down) made every gateway unready and the Ingress answered 503 for the whole
 * site (docs/runbook.md#runbook-readiness).
 * Now only what needs the missing piece fails, with a clear 503 of its own: the
 * routes of a service with no ready instance (the internal client), a request that needs a
 * session while Redis is down (the pipeline).
 *
 * The details for a local caller:
 * A probe is answered from the last finished round of checks, never made to wait for the fan-out
 * (except the first, or after a long quiet): a round can take seconds on a busy machine (up to
 * SERVICE_READY_TIMEOUT_MS), longer than a prober waits (Kubernetes' default is 1 s, the test
 * stack's 2 s). A probe that started a round and waited for it would get no answer whenever rounds
 * take longer than the prober's timeout, and a wait per service shorter than a service's own 2 s per
 * dependency would call busy services down: a gateway started on a loaded machine could then stay
 * unready for minutes.
 */
@Controller('health')
export class GatewayHealthController {
  /** The last finished round and when it started. */
  private last: { at: number; result: Ready } | null = null;
  /** The round under way (one at a time). */
  private running: Promise<Ready> | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_URLS) private readonly urls: Record<string, ServiceUrls>,
    @Optional() private readonly drain?: DrainState,
  ) {}

  /**
   * Live unless one of this gateway's event consumers (pushes to its sockets, its cache's
   * invalidations) has stopped for good: only a restart brings it back (`stoppedConsumers`).
   */
  @Get('live')
  live(@Res() res: FastifyReply) {
    const stopped = consumersStopped();
    if (stopped) return res.status(503).send({ status: 'consumer-stopped', consumers: stopped });
    return res.status(200).send({ status: 'ok' });
  }

  /**
   * Ready unless draining or an event consumer of its own has stopped for good (as `live`). A caller on this machine also gets each dependency's state (which may
   * carry error text), `degraded` when one is down; anyone else only the status, without waiting
   * for the checks.
   */
  @Get('ready')
  async ready(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    // Stopping: not ready, so the balancer sends nothing new here.
    if (this.drain?.draining) return res.status(503).send({ status: 'draining' });
    if (consumersStopped()) return res.status(503).send({ status: 'consumer-stopped' });
    if (!isLoopback(req.socket?.remoteAddress)) return res.status(200).send({ status: 'ok' });
    const r = await this.check();
    res.status(200).send({ status: r.ok ? 'ok' : 'degraded', checks: r.checks });
  }

  /**
   * The readiness to answer now: the last round while it is fresh (READY_CACHE_MS); past that a
   * new round starts (one at a time) and the last one is answered meanwhile, unless it is older
   * than READY_STALE_MAX_MS or there is none yet: then the new round's result.
   */
  check(now = Date.now()): Promise<Ready> {
    const last = this.last;
    if (last && now - last.at < READY_CACHE_MS) return Promise.resolve(last.result);
    const round = (this.running ??= this.runRound(now));
    return last && now - last.at < READY_STALE_MAX_MS ? Promise.resolve(last.result) : round;
  }

  private async runRound(startedAt: number): Promise<Ready> {
    try {
      const checks: Record<string, () => Promise<void>> = { redis: async () => void (await this.redis.ping()) };
      // A service is ready when one of its instances is (the client routes around the others).
      for (const [name, urls] of Object.entries(this.urls))
        checks[name] = () =>
          Promise.any(
            parseServiceUrls(urls).map(async (url) => {
              const r = await fetch(new URL('/health/ready', url), {
                signal: AbortSignal.timeout(SERVICE_READY_TIMEOUT_MS),
              });
              // Read to the end: the connection goes back to the pool for the next round.
              await r.arrayBuffer();
              if (!r.ok) throw new Error(`HTTP ${r.status}`);
            }),
          ).catch((e: unknown) => {
            throw e instanceof AggregateError ? e.errors[0] : e;
          });
      const result = await runChecks(checks, SERVICE_READY_TIMEOUT_MS + 500);
      this.last = { at: startedAt, result };
      return result;
    } finally {
      this.running = null;
    }
  }
}
