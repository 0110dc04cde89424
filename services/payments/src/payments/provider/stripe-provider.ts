import Stripe from 'stripe';
import type {
  CreateIntentParams,
  CreateRefundParams,
  OffSessionChargeParams,
  PaymentProvider,
  ProviderIntent,
} from './payment-provider';

/** The Stripe client for a secret key (another API base for stripe-mock and localstripe). */
export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe itself: each operation is the one Stripe API call payments made before the provider interface. */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    readonly publishableKey: string | null,
  ) {}

  createIntent(p: CreateIntentParams, idempotencyKey: string): Promise<ProviderIntent> {
    return this.stripe.paymentIntents.create(
      {
        amount: p.amount,
        currency: p.currency,
        ...(p.customer ? { customer: p.customer } : {}),
        ...(p.setupFutureUsage ? { setup_future_usage: p.setupFutureUsage } : {}),
        automatic_payment_methods: { enabled: true },
        metadata: p.metadata,
        description: p.description,
      },
      { idempotencyKey },
    );
  }

  retrieveIntent(id: string): Promise<ProviderIntent> {
    return this.stripe.paymentIntents.retrieve(id);
  }

  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    return this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey });
  }

  createRefund(p: CreateRefundParams, idempotencyKey: string): Promise<{ id: string; status: string | null }> {
    return this.stripe.refunds.create(
      { payment_intent: p.paymentIntentId, amount: p.amount, metadata: p.metadata },
      { idempotencyKey },
    );
  }

  createCustomer(metadata: Record<string, string>, idempotencyKey: string): Promise<{ id: string }> {
    return this.stripe.customers.create({ metadata }, { idempotencyKey });
  }

  chargeOffSession(p: OffSessionChargeParams, idempotencyKey: string): Promise<ProviderIntent> {
    return this.stripe.paymentIntents.create(
      {
        amount: p.amount,
        currency: p.currency,
        customer: p.customer,
        payment_method: p.paymentMethod,
        off_session: true,
        confirm: true,
        metadata: p.metadata,
      },
      { idempotencyKey },
    );
  }

  verifyWebhook(payload: string, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(payload, signature, this.webhookSecret);
  }
}
