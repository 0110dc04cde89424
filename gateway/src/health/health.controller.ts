import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REDIS, runChecks } from '@luxe/platform';
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
    @Inject(SERVICE_URLS) private readonly urls: Record<string, string>,
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
    const r = await this.check();
    const body = isLoopback(req.socket?.remoteAddress) ? { status: r.ok ? 'ok' : 'unavailable', checks: r.checks } : { status: r.ok ? 'ok' : 'unavailable' };
    res.status(r.ok ? 200 : 503).send(body);
  }

  check(now = Date.now()): Promise<Ready> {
    if (this.cached && now - this.cached.at < READY_CACHE_MS) return this.cached.result;
    const checks: Record<string, () => Promise<void>> = { redis: async () => void (await this.redis.ping()) };
    for (const [name, url] of Object.entries(this.urls))
      checks[name] = async () => {
        const r = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(1500) });
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
      };
    const result = runChecks(checks);
    this.cached = { at: now, result };
    return result;
  }
}
