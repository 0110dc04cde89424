import { z } from 'zod';

/**
 * The secret door passes are signed with when none is configured: for development and tests only
 * (a production process refuses to start without PASS_SIGNING_SECRET).
 */
export const DEV_PASS_SIGNING_SECRET = 'luxeswipe-dev-pass-signing-secret-not-for-production';

/**
 * The bookings service's own variables (README). PASS_SIGNING_SECRET signs the door passes
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
    if (v.NODE_ENV === 'production' && !v.PASS_SIGNING_SECRET) ctx.addIssue({ code: 'custom', path: ['PASS_SIGNING_SECRET'], message: 'is required in production (at least 32 characters)' });
  });
export type BookingsSettings = z.output<typeof bookingsSettingsSchema>;

/** The secret passes are signed with: the configured one, else the development default. */
export function passSigningSecret(s: Partial<BookingsSettings> | undefined): string {
  return s?.PASS_SIGNING_SECRET ?? DEV_PASS_SIGNING_SECRET;
}
