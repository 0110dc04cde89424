import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@luxe/platform';
import { paymentSettingsSchema } from './payment.settings';

describe("payments' settings", () => {
  it('takes Stripe by default and the test provider when asked', () => {
    expect(loadConfig('payments', paymentSettingsSchema, {}).PAYMENT_PROVIDER).toBe('stripe');
    expect(loadConfig('payments', paymentSettingsSchema, { PAYMENT_PROVIDER: 'test' }).PAYMENT_PROVIDER).toBe('test');
    expect(() => loadConfig('payments', paymentSettingsSchema, { PAYMENT_PROVIDER: 'paypal' })).toThrow(
      'PAYMENT_PROVIDER: must be stripe or test',
    );
  });

  it('refuses the test provider in production, with a clear message, as it refuses the in-memory Redis', () => {
    expect(() =>
      loadConfig('payments', paymentSettingsSchema, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }),
    ).toThrow('PAYMENT_PROVIDER: must be stripe in production, not "test" (the test provider charges no card)');
    expect(
      loadConfig('payments', paymentSettingsSchema, { NODE_ENV: 'development', PAYMENT_PROVIDER: 'test' })
        .PAYMENT_PROVIDER,
    ).toBe('test');
    const stripe = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefghij',
    };
    expect(loadConfig('payments', paymentSettingsSchema, stripe).PAYMENT_PROVIDER).toBe('stripe');
  });
});
