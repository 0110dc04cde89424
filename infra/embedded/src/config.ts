import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { env } from '@luxe/platform';

/** The embedded launcher's own variables (docs/configuration.md, generated from this schema). */
export const embeddedEnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: env.port.default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  EMBEDDED_DATA_DIR: z.string().default(join(tmpdir(), 'luxeswipe-embedded')),
  EMBEDDED_PG_PORT: env.port.default(55433),
  /** The gateway's metrics listener (GET /metrics), on 127.0.0.1; unset: none (never on PORT). */
  METRICS_PORT: env.port.optional(),
  SEED_DEMO_DATA: env.bool.default(true),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('luxeswipe-demo'),
  WEB_DIST_DIR: z.string().default(resolve(__dirname, '..', '..', '..', 'web', 'dist')),
  /** Fault injection for the crash test only: the process kills itself when the bus delivers its n-th message. */
  EMBEDDED_CRASH_ON_DELIVERY: z.coerce.number().int().min(1).optional(),
});
