import { z } from 'zod';
import { holdSchema } from './bookings';

/**
 * Split payment (docs/product.md#payment-split): the host splits the amount due now of his held
 * booking among the people paying (himself included); each guest pays his share by a link; unpaid
 * shares at the deadline fall back to the host's card or release the booking, as the host chose at
 * checkout.
 */
export const SPLIT_MIN_SHARES = 2;
export const SPLIT_MAX_SHARES = 10;
/** The deadline is at most this long after the split is made… */
export const SPLIT_MAX_HOURS = 24;
/** …and at least this long before the booking starts… */
export const SPLIT_HOURS_BEFORE_START = 2;
/** …and a split whose deadline would be sooner than this is refused. */
export const SPLIT_MIN_HOURS = 1;

/**
 * The booking's hold lasts this long past the split's deadline, so that the deadline's settlement
 * (the host's card charged, or the release) always comes before the hold would expire by itself.
 */
export const SPLIT_HOLD_GRACE_MINUTES = 30;

export const SPLIT_FALLBACKS = ['host-card', 'release'] as const;
export type SplitFallback = (typeof SPLIT_FALLBACKS)[number];
export const SPLIT_SHARE_STATUSES = ['pending', 'paid', 'covered-by-host', 'refunded'] as const;
export type SplitShareStatus = (typeof SPLIT_SHARE_STATUSES)[number];
export const SPLIT_STATUSES = ['open', 'completed', 'released'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

export const SPLIT_MESSAGES = {
  shares: `Split the payment between ${SPLIT_MIN_SHARES} and ${SPLIT_MAX_SHARES} people`,
  fallback: 'Choose what happens to unpaid shares at the deadline',
  notSplittable: 'Only your held booking that is not paid yet can be split',
  tooLate: `This booking starts too soon to split the payment: guests need at least ${SPLIT_MIN_HOURS} hour to pay`,
  notFound: 'Split payment not found',
  shareNotFound: 'This payment link is invalid or has expired',
  shareClosed: 'This share can no longer be paid',
  ownShare: 'The host pays his share on the checkout page',
} as const;

/** What happens at the deadline, in the words the checkout states. */
export const SPLIT_FALLBACK_TEXT: Record<SplitFallback, string> = {
  'host-card': 'Charge my card for any unpaid shares at the deadline',
  release: 'Cancel the booking at the deadline if any share is unpaid (paid shares are refunded in full)',
};

/**
 * The amount due now (in cents) split among `count` people in equal cents; the remainder cents go
 * on the host's share (the first one). The shares add up to the amount exactly.
 */
export function splitShareAmounts(totalCents: number, count: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new Error('the amount must be a whole number of cents');
  if (!Number.isInteger(count) || count < 1) throw new Error('the count must be a positive whole number');
  const each = Math.floor(totalCents / count);
  const rest = totalCents - each * count;
  return Array.from({ length: count }, (_, i) => (i === 0 ? each + rest : each));
}

/** The split's deadline: min(now + 24 h, start − 2 h); null when that is less than 1 h away. */
export function splitDeadline(now: Date, startsAt: Date): Date | null {
  const d = new Date(
    Math.min(now.getTime() + SPLIT_MAX_HOURS * 3_600_000, startsAt.getTime() - SPLIT_HOURS_BEFORE_START * 3_600_000),
  );
  return d.getTime() - now.getTime() < SPLIT_MIN_HOURS * 3_600_000 ? null : d;
}

export const splitInputSchema = z.object({
  shares: z
    .number({ error: SPLIT_MESSAGES.shares })
    .int(SPLIT_MESSAGES.shares)
    .min(SPLIT_MIN_SHARES, SPLIT_MESSAGES.shares)
    .max(SPLIT_MAX_SHARES, SPLIT_MESSAGES.shares),
  fallback: z.enum(SPLIT_FALLBACKS, { error: SPLIT_MESSAGES.fallback }),
});
export type SplitInput = z.infer<typeof splitInputSchema>;
/** What payments receives: the host's hold (from bookings, for this caller) and his choice. */
export const splitServiceBodySchema = splitInputSchema.extend({ booking: holdSchema });

export const splitShareSchema = z.object({
  id: z.uuid(),
  /** "Your share" (the host's) or "Guest 1", "Guest 2", … */
  label: z.string(),
  isHost: z.boolean(),
  /** Dollars, 2 decimals. */
  amount: z.string(),
  status: z.enum(SPLIT_SHARE_STATUSES),
  /** The payer's first name once paid (a guest), else null. */
  paidBy: z.string().nullable(),
  /** A guest share's link (`/split/{token}`): for the host only. */
  link: z.string().nullable(),
});
export type SplitShare = z.infer<typeof splitShareSchema>;

export const splitSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  fallback: z.enum(SPLIT_FALLBACKS),
  status: z.enum(SPLIT_STATUSES),
  deadline: z.iso.datetime(),
  /** Dollars: the amount due now that is split. */
  total: z.string(),
  paidCount: z.number().int(),
  shares: z.array(splitShareSchema),
  /** The host's share's card payment (the host only, while it is to be paid). */
  hostClientSecret: z.string().nullable(),
});
export type Split = z.infer<typeof splitSchema>;

export const splitTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, SPLIT_MESSAGES.shareNotFound),
});

/** A guest share as its link shows it to anyone (nothing sensitive). */
export const splitSharePublicSchema = z.object({
  venueName: z.string(),
  bookingDate: z.string(),
  startTime: z.string(),
  amount: z.string(),
  status: z.enum(SPLIT_SHARE_STATUSES),
  deadline: z.iso.datetime(),
  /** The split is still open (the share can be paid). */
  open: z.boolean(),
});
export type SplitSharePublic = z.infer<typeof splitSharePublicSchema>;
export const splitShareIntentServiceBodySchema = z.object({ firstName: z.string() });
export const splitShareIntentSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.string(),
});
export type SplitShareIntent = z.infer<typeof splitShareIntentSchema>;
