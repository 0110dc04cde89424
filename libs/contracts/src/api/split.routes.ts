import { bookingIdParamsSchema } from '../bookings';
import { AUTH_ERRORS } from '../errors/auth';
import { BOOKING_ERRORS, PAYMENT_ERRORS } from '../errors/bookings';
import { SPLIT_ERRORS } from '../errors/split';
import {
  splitInputSchema,
  splitSchema,
  splitServiceBodySchema,
  splitShareIntentSchema,
  splitShareIntentServiceBodySchema,
  splitSharePublicSchema,
  splitTokenParamsSchema,
} from '../split';
import { defineRoute } from './route';

/** Split payment of a held booking among the people paying (docs/product.md#payment-split). Payments owns the split. */
export const splitRoutes = {
  create: defineRoute({
    id: 'split.create',
    method: 'POST',
    path: '/api/bookings/:id/split',
    service: 'payments',
    access: 'member',
    summary:
      "The host splits the amount due now of his held, unpaid booking among 2 to 10 people (himself included) in equal cents (the remainder on his share), with what happens at the deadline to unpaid shares (his card, or the booking released); the hold lasts until the deadline; answers each share, the guests' payment links and the host's share's card payment (the same split again if asked again)",
    params: bookingIdParamsSchema,
    body: splitInputSchema,
    serviceBody: splitServiceBodySchema,
    response: splitSchema,
    status: 201,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      BOOKING_ERRORS.NOT_FOUND,
      SPLIT_ERRORS.NOT_SPLITTABLE,
      SPLIT_ERRORS.TOO_LATE,
      PAYMENT_ERRORS.NOT_CONFIGURED,
      PAYMENT_ERRORS.PROVIDER_FAILED,
    ],
    gatewayHandler: true,
  }),
  get: defineRoute({
    id: 'split.get',
    method: 'GET',
    path: '/api/bookings/:id/split',
    service: 'payments',
    access: 'member',
    summary: "A booking's split payment and who has paid (the host, and the members who paid a share of it)",
    params: bookingIdParamsSchema,
    response: splitSchema,
    errors: [AUTH_ERRORS.UNAUTHENTICATED, SPLIT_ERRORS.NOT_FOUND],
  }),
  share: defineRoute({
    id: 'split.share',
    method: 'GET',
    path: '/api/split-shares/:token',
    service: 'payments',
    access: 'public',
    summary:
      "A guest's share by its payment link: the venue, the date, the amount and whether it is paid (nothing else)",
    params: splitTokenParamsSchema,
    response: splitSharePublicSchema,
    errors: [SPLIT_ERRORS.SHARE_NOT_FOUND],
  }),
  shareIntent: defineRoute({
    id: 'split.shareIntent',
    method: 'POST',
    path: '/api/split-shares/:token/payment-intent',
    service: 'payments',
    access: 'member',
    summary:
      "Start the card payment of a guest's share (one PaymentIntent per share: the same again if asked again); the signed-in member pays it",
    params: splitTokenParamsSchema,
    serviceBody: splitShareIntentServiceBodySchema,
    response: splitShareIntentSchema,
    errors: [
      AUTH_ERRORS.UNAUTHENTICATED,
      SPLIT_ERRORS.SHARE_NOT_FOUND,
      SPLIT_ERRORS.SHARE_CLOSED,
      SPLIT_ERRORS.OWN_SHARE,
      PAYMENT_ERRORS.NOT_CONFIGURED,
      PAYMENT_ERRORS.PROVIDER_FAILED,
    ],
    gatewayHandler: true,
  }),
} as const;
