import Stripe from 'stripe';
import { ApiClient } from './client';
import { inject } from './provided';

/** Posts a Stripe webhook to the gateway, signed with the test stack's signing secret (as Stripe would). */
export function stripeWebhook(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: inject('stripeWebhookSecret')! });
  return new ApiClient(inject('gatewayUrl')).call('POST', '/api/webhooks/stripe', payload, {
    'stripe-signature': signature,
    'content-type': 'application/json',
  });
}

/** Stripe's `payment_intent.succeeded` event for a PaymentIntent (extra fields of the intent in `more`). */
export function paymentSucceededEvent(
  eventId: string,
  paymentIntentId: string,
  amount: number,
  more: Record<string, unknown> = {},
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: paymentIntentId, object: 'payment_intent', amount, currency: 'usd', status: 'succeeded', ...more },
    },
  });
}
