import { z } from 'zod';

/**
 * The payments service's own variables (README). Without STRIPE_SECRET_KEY card payments are not
 * configured: the payment page says so and nothing is charged.
 */
export const paymentSettingsSchema = z
  .object({
    /** Secret API key (`sk_...`): creates PaymentIntents. */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
    /** Publishable key (`pk_...`) served to the payment page. */
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)').optional(),
    /** Signing secret of the webhook endpoint (`whsec_...`). */
    STRIPE_WEBHOOK_SECRET: z.string().min(10, 'must be the webhook signing secret (whsec_…)').optional(),
    /** Another API base (stripe-mock in tests: http://127.0.0.1:12111). */
    STRIPE_API_BASE: z.url().optional(),
    /** How often split payments past their deadline are settled, in ms (issue 12; tests use a short one). */
    SPLIT_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  })
  .superRefine((v, ctx) => {
    if (v.STRIPE_SECRET_KEY && !v.STRIPE_WEBHOOK_SECRET) ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with STRIPE_SECRET_KEY (payments are confirmed by the webhook)' });
  });
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
