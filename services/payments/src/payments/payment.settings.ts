import { z } from 'zod';

/**
 * The payments service's own variables (docs/configuration.md, generated from this schema). PAYMENT_PROVIDER chooses who takes card
 * payments: Stripe (the default; without STRIPE_SECRET_KEY card payments are not configured: the
 * payment page says so and nothing is charged), or the test provider of the embedded mode (issue
 * 31: Stripe's test card numbers, records in this service's database, no card charged), which a
 * production process refuses as it refuses the in-memory Redis.
 */
export const paymentSettingsSchema = z
  .object({
    /** Read only for the production rule below. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PAYMENT_PROVIDER: z.enum(['stripe', 'test'], { error: 'must be stripe or test' }).default('stripe'),
    /** Secret API key (`sk_...`): creates PaymentIntents. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    /** Publishable key (`pk_...`) served to the payment page. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    /** Signing secret of the webhook endpoint (`whsec_...`). */
    STRIPE_WEBHOOK_SECRET: z.string().min(10, 'must be the webhook signing secret (whsec_…)').optional(),
    /** Another API base (stripe-mock in tests: http://127.0.0.1:12111). */
    STRIPE_API_BASE: z.url().optional(),
    /**
     * The test provider's own webhook signing secret (it signs the events it delivers to the
     * webhook handler). The embedded mode keeps one per data folder; unset, one per process start.
     */
    TEST_PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** How long the test card 4000 0025 0000 3155 stays "processing" before it succeeds, in ms. */
    TEST_PAYMENT_PROCESSING_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    /** How often split payments past their deadline are settled, in ms (tests use a short one). */
    SPLIT_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  })
  .superRefine((v, ctx) => {
    if (v.STRIPE_SECRET_KEY && !v.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY (payments are confirmed by the webhook)',
      });
    // The same rule as the in-memory Redis (libs/platform config.ts productionRules): a stand-in is refused in production.
    if (v.NODE_ENV === 'production' && v.PAYMENT_PROVIDER === 'test')
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'must be stripe in production, not "test" (the test provider charges no card)',
      });
  });
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
