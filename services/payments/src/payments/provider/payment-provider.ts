import type Stripe from 'stripe';

/** Which card provider takes the payments (PAYMENT_PROVIDER, docs/configuration.md). */
export type PaymentProviderKind = 'stripe' | 'test';

/** What the service reads of a PaymentIntent (Stripe's field names: the test provider answers the same shape). */
export type ProviderIntent = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'client_secret' | 'amount' | 'currency'>;

export interface CreateIntentParams {
  /** In cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  description: string;
  /** The customer whose card is kept for a later off-session charge (a split's host share). */
  customer?: string;
  setupFutureUsage?: 'off_session';
}

export interface OffSessionChargeParams {
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  metadata: Record<string, string>;
}

export interface CreateRefundParams {
  paymentIntentId: string;
  amount: number;
  metadata: Record<string, string>;
}

/**
 * The card provider behind payments (docs/product.md#payment-test-mode):
 * Stripe, or the test provider of the embedded mode.
 * Every call that moves money takes an idempotency key, so a retried call has one effect. The
 * outcome of a payment never comes back from these calls: it arrives as a signed Stripe-shaped
 * event through PaymentService.webhook, whichever the provider.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Served to the payment page (Stripe's publishable key; null for the test provider). */
  readonly publishableKey: string | null;
  createIntent(params: CreateIntentParams, idempotencyKey: string): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Refused (throws) for an intent that succeeded or is processing. */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  createRefund(params: CreateRefundParams, idempotencyKey: string): Promise<{ id: string; status: string | null }>;
  createCustomer(metadata: Record<string, string>, idempotencyKey: string): Promise<{ id: string }>;
  /** The split fallback: the host's saved card charged without him (confirmed at once). */
  chargeOffSession(params: OffSessionChargeParams, idempotencyKey: string): Promise<ProviderIntent>;
  /** The event of a webhook body, its signature checked (throws when it does not match). */
  verifyWebhook(payload: string, signature: string): Stripe.Event;
}
