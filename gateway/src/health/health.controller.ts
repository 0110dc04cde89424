import { Controller, Get, Inject, Res } from '@nestjs/common';
import { REDIS, runChecks } from '@luxe/platform';
import type Redis from 'ioredis';

export const SERVICE_URLS = Symbol('SERVICE_URLS');

@Controller('health')
export class GatewayHealthController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_URLS) private readonly urls: Record<string, string>,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** Ready when Redis answers and every service reports ready. */
  @Get('ready')
  async ready(@Res() res: any) {
    const checks: Record<string, () => Promise<void>> = { redis: async () => void (await this.redis.ping()) };
    for (const [name, url] of Object.entries(this.urls))
      checks[name] = async () => {
        const r = await fetch(new URL('/health/ready', url), { signal: AbortSignal.timeout(1500) });
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
      };
    const r = await runChecks(checks);
    res.status(r.ok ? 200 : 503).send({ status: r.ok ? 'ok' : 'unavailable', checks: r.checks });
  }
}
