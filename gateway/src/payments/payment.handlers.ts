import { api, type PaymentConfig, PAYMENT_ERRORS, type Hold, type PaymentIntentDto } from '@luxe/contracts';
import { AppError } from '@luxe/platform';
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
      // No slot is held for a payment that cannot be taken.
      const { provider } = await ctx.call<PaymentConfig>(api.payments.config, {});
      if (!provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
      const hold = await ctx.call<Hold>(api.bookings.hold, { body: input });
      return ctx.forwardJson({ hold, friendsCount: input.friendsCount });
    },
    [api.payments.stripeWebhook.id]: async (ctx) => {
      const signature = ctx.req.headers['stripe-signature'];
      return ctx.forwardJson({ payload: ctx.rawBody ?? '', signature: typeof signature === 'string' ? signature : '' });
    },
  };
}
