import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * The bookings service's own variables (docs/configuration.md, generated from this schema). PASS_SIGNING_SECRET signs the door passes
 * (HMAC-SHA256); every bookings process of a deployment needs the same one, and changing it
 * voids every pass already handed out.
 */
export const bookingsSettingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PASS_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** How often expired holds are released, in ms (their slots are free from the moment they expire anyway; tests use a short one). */
    HOLD_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV === 'production' && !v.PASS_SIGNING_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['PASS_SIGNING_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
  });
export type BookingsSettings = z.output<typeof bookingsSettingsSchema>;

/**
 * Without PASS_SIGNING_SECRET (development, tests): a random secret of this process, so passes
 * last as long as it runs. No fixed fallback: one written in the repository let anyone compute
 * any booking's pass. Every stack gives one (the embedded mode its data folder's, stack.mjs a
 * random one per run, compose and the chart the operator's).
 */
let processSecret: string | undefined;

/** The secret passes are signed with: the configured one, else this process's random one. */
export function passSigningSecret(s: Partial<BookingsSettings> | undefined): string {
  return s?.PASS_SIGNING_SECRET ?? (processSecret ??= randomBytes(32).toString('base64url'));
}
