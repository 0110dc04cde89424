import { api, type Hold, type PaymentIntentDto } from '@luxe/contracts';
import type { GatewayHandler } from '../routes/pipeline';

/**
 * Where the gateway composes payments: a card payment starts from a hold that bookings places
 * and prices (never from an amount the browser sends), and Stripe's webhook reaches payments with
 * its raw body and signature untouched.
 */
export function paymentHandlers(): Record<string, GatewayHandler> {
  return {
    [api.payments.createIntent.id]: async (ctx) => {
      const input = ctx.body as PaymentIntentDto;
      const hold = await ctx.call<Hold>(api.bookings.hold, { body: input });
      return ctx.forwardJson({ hold, friendsCount: input.friendsCount });
    },
    [api.payments.stripeWebhook.id]: async (ctx) => {
      const signature = ctx.req.headers['stripe-signature'];
      return ctx.forwardJson({ payload: ctx.rawBody ?? '', signature: typeof signature === 'string' ? signature : '' });
    },
  };
}
