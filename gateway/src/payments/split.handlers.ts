import {
  api,
  type PaymentConfig,
  BOOKING_ERRORS,
  PAYMENT_ERRORS,
  type Booking,
  type SplitInput,
} from '@luxe/contracts';
import { AppError } from '@luxe/platform';
import type { GatewayHandler } from '../routes/pipeline';

/**
 * Split payments (docs/product.md#payment-split): payments splits the caller's own held booking as bookings answers it
 * (never amounts from the browser), and a share's payer is named by identity.
 */
export function splitHandlers(): Record<string, GatewayHandler> {
  return {
    [api.split.create.id]: async (ctx) => {
      const input = ctx.body as SplitInput;
      const id = (ctx.req.params as { id: string }).id;
      const { provider } = await ctx.call<PaymentConfig>(api.payments.config, {});
      if (!provider) throw AppError.of(PAYMENT_ERRORS.NOT_CONFIGURED);
      // The caller's own bookings only: another member's booking is not found (and nothing changes).
      const booking = (await ctx.call<Booking[]>(api.bookings.mine, {})).find((b) => b.id === id);
      if (!booking) throw AppError.of(BOOKING_ERRORS.NOT_FOUND);
      return ctx.forwardJson({ ...input, booking });
    },
    [api.split.shareIntent.id]: async (ctx) => {
      const me = await ctx.call<{ firstName: string }>(api.auth.me, {});
      return ctx.forwardJson({ firstName: me.firstName });
    },
  };
}
