import { Controller, Get, Inject, Optional, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DrainState, parseServiceUrls, REDIS, runChecks, type ServiceUrls } from '@luxe/platform';
import type Redis from 'ioredis';

export const SERVICE_URLS = Symbol('SERVICE_URLS');
/** How long one readiness result is reused, so anonymous probes cannot fan out to every service. */
export const READY_CACHE_MS = 2000;

type Ready = { ok: boolean; checks: Record<string, string> };

/** True for a caller on this machine (the socket's address, never a forwarded header). */
export function isLoopback(address: string | undefined): boolean {
  return !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));
}

@Controller('health')
export class GatewayHealthController {
  private cached: { at: number; result: Promise<Ready> } | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_URLS) private readonly urls: Record<string, ServiceUrls>,
    @Optional() private readonly drain?: DrainState,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready when Redis answers and every service reports ready. Anyone gets up or down; the
   * per-dependency details (which may carry error text) only a caller on this machine.
   */
  @Get('ready')
  async ready(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    // Stopping: not ready, so the balancer sends nothing new here.
    if (this.drain?.draining) return res.status(503).send({ status: 'draining' });
    const r = await this.check();
    const body = isLoopback(req.socket?.remoteAddress) ? { status: r.ok ? 'ok' : 'unavailable', checks: r.checks } : { status: r.ok ? 'ok' : 'unavailable' };
    res.status(r.ok ? 200 : 503).send(body);
  }

  check(now = Date.now()): Promise<Ready> {
    if (this.cached && now - this.cached.at < READY_CACHE_MS) return this.cached.result;
    const checks: Record<string, () => Promise<void>> = { redis: async () => void (await this.redis.ping()) };
    // A service is ready when one of its instances is (the client routes around the others).
    for (const [name, urls] of Object.entries(this.urls))
      checks[name] = () =>
        Promise.any(
          parseServiceUrls(urls).map(async (url) => {
            const r = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(1500) });
            if (!r.ok) throw new Error(`HTTP ${r.status}`);
          }),
        ).catch((e: unknown) => {
          throw e instanceof AggregateError ? e.errors[0] : e;
        });
    const result = runChecks(checks);
    this.cached = { at: now, result };
    return result;
  }
}
