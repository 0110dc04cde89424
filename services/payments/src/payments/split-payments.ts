import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';

/**
 * What the card payment needs of split payments (split/split.service.ts implements it): a split
 * booking's host pays his share at checkout, and the provider's webhook hands over the
 * PaymentIntents that are the splits'. An interface here, so that split payments build on the card
 * payment (its provider, its booking fence, its table) and the card payment does not import them back.
 */
export interface SplitPayments {
  /** The host's share of his booking's split for his checkout (null when the booking is not split). */
  hostShareIntent(bookingId: string, hostId: string): Promise<{ clientSecret: string; paymentIntentId: string } | null>;
  /** A PaymentIntent's outcome, in the webhook's transaction: false when the intent is none of the splits'. */
  onIntent(
    m: EntityManager,
    intent: Stripe.PaymentIntent,
    outcome: 'succeeded' | 'failed' | 'declined',
  ): Promise<boolean>;
}

/** Nest's token of the split payments as the card payment sees them. */
export const SPLIT_PAYMENTS = Symbol('SPLIT_PAYMENTS');
