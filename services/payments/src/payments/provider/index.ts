import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Logger } from '@luxe/platform/runtime';
import type { PaymentSettings } from '../payment.settings';
import type { PaymentProvider } from './payment-provider';
import { StripeProvider, stripeClient } from './stripe-provider';
import { TestPaymentProvider } from './test-provider';

export * from './payment-provider';
export { StripeProvider, stripeClient } from './stripe-provider';
export { TestPaymentProvider } from './test-provider';

/** Nest's token of the card provider (null when card payments are not configured). */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** The provider these settings choose: the test one, Stripe when its keys are set, else none. */
export function paymentProvider(s: PaymentSettings, ds: DataSource, logger: Logger): PaymentProvider | null {
  if (s.PAYMENT_PROVIDER === 'test') {
    // Unset (a distributed test stack): one per process, which both signs and checks its events.
    const secret = s.TEST_PAYMENT_WEBHOOK_SECRET ?? `whsec_test_${randomBytes(24).toString('hex')}`;
    return new TestPaymentProvider(ds, secret, logger, s.TEST_PAYMENT_PROCESSING_MS ?? 3000);
  }
  if (!s.STRIPE_SECRET_KEY || !s.STRIPE_WEBHOOK_SECRET) return null;
  return new StripeProvider(
    stripeClient(s.STRIPE_SECRET_KEY, s.STRIPE_API_BASE),
    s.STRIPE_WEBHOOK_SECRET,
    s.STRIPE_PUBLISHABLE_KEY ?? null,
  );
}
