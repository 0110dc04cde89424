import { z } from 'zod';

/**
 * Table deposits and minimum spend (docs/product.md#booking-deposits). A section may have a minimum
 * spend; a booking of it costs at least that much, and the owner's deposit percentage of the total
 * is paid by card when booking, the rest (the balance) at the venue. A yacht is paid in full when
 * booked. Every amount is computed by the server with these functions (the web shows the same
 * estimate).
 *
 * Rounding: amounts are worked out in whole cents. The deposit is total × percent / 100, rounded
 * half-up to the cent (0.5 cent and more goes up: 50 % of $0.01 is $0.01, 33 % of $100.01 is
 * $33.00 because 3300.33 cents rounds down); the balance is the total minus that deposit, so
 * deposit + balance is always exactly the total.
 */

/** The largest minimum spend (as a section's hourly price, numeric(10,2)). */
export const MINIMUM_SPEND_MAX = 99_999_999.99;
export const DEPOSIT_PERCENT = { min: 0, max: 100, default: 0 } as const;

export const DEPOSIT_MESSAGES = {
  minimumSpend: 'Minimum spend must be an amount greater than 0 with at most 2 decimals, or empty for none',
  depositPercent: 'Deposit must be a whole percentage from 0 to 100',
  depositRequired: 'This section takes a deposit: pay it by card to book',
} as const;

const hasCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A section's minimum spend as sent by its owner: dollars and cents, or null (none). */
export const minimumSpendField = z
  .number({ error: DEPOSIT_MESSAGES.minimumSpend })
  // At least a cent: a positive amount below it (5e-324) would be stored as 0.00, which the table refuses.
  .min(0.01, DEPOSIT_MESSAGES.minimumSpend)
  .max(MINIMUM_SPEND_MAX, DEPOSIT_MESSAGES.minimumSpend)
  .refine(hasCents, DEPOSIT_MESSAGES.minimumSpend)
  .nullable()
  .default(null);

/** The share of the total paid when booking: a whole percentage, 0 (none) to 100 (all). */
export const depositPercentField = z
  .number({ error: DEPOSIT_MESSAGES.depositPercent })
  .int(DEPOSIT_MESSAGES.depositPercent)
  .min(DEPOSIT_PERCENT.min, DEPOSIT_MESSAGES.depositPercent)
  .max(DEPOSIT_PERCENT.max, DEPOSIT_MESSAGES.depositPercent)
  .default(DEPOSIT_PERCENT.default);

/** Dollars (a number or a money string such as '1700.00') to whole cents. */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

/** Whole cents to dollars. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** The deposit of a total in cents: total × percent / 100, half-up to the cent (integer arithmetic, no float drift). */
export function depositCents(totalCents: number, percent: number): number {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`bad total ${totalCents}`);
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new RangeError(`bad deposit percent ${percent}`);
  return Math.floor((totalCents * percent + 50) / 100);
}

export interface BookingAmounts {
  /** What the booking costs: the price for the hours, or the minimum spend when that is more. */
  total: number;
  /** The minimum spend that applied (null: none). */
  minimumSpend: number | null;
  depositPercent: number;
  /** Paid by card when booking. */
  depositAmount: number;
  /** Paid at the venue. */
  balanceDue: number;
}

/** A section booking: total = max(price for the hours, minimum spend); deposit and balance as above. Dollars in, dollars out. */
export function sectionAmounts(
  price: number,
  section: { minimumSpend?: number | string | null; depositPercent?: number | null },
): BookingAmounts {
  const minimum =
    section.minimumSpend == null || Number(section.minimumSpend) <= 0 ? null : toCents(section.minimumSpend);
  const percent = section.depositPercent ?? 0;
  const total = Math.max(toCents(price), minimum ?? 0);
  const deposit = cardChargeable(total, depositCents(total, percent));
  return {
    total: fromCents(total),
    minimumSpend: minimum === null ? null : fromCents(minimum),
    depositPercent: percent,
    depositAmount: fromCents(deposit),
    balanceDue: fromCents(total - deposit),
  };
}

/**
 * The smallest card charge the payment provider takes (Stripe: $0.50 in USD); a charge under it
 * is refused at the provider, after the slot was held (docs/booking-lifecycle.md).
 */
export const CARD_MINIMUM_CENTS = 50;

/**
 * A deposit the card can take: one under the provider's minimum is raised to it (never above the
 * booking's total, and a deposit of 0 stays 0). A total under the minimum cannot be paid by card
 * at all: the hold refuses it (BELOW_CARD_MINIMUM).
 */
export function cardChargeable(totalCents: number, depositCents: number): number {
  if (depositCents <= 0) return 0;
  return Math.max(depositCents, Math.min(totalCents, CARD_MINIMUM_CENTS));
}

/** A yacht is paid in full when booked: the deposit is the total, nothing is left to pay. */
export function yachtAmounts(price: number): BookingAmounts {
  const total = toCents(price);
  return {
    total: fromCents(total),
    minimumSpend: null,
    depositPercent: 100,
    depositAmount: fromCents(total),
    balanceDue: 0,
  };
}

/** Whether booking this section needs a card payment (a deposit) first. */
export function takesDeposit(section: { depositPercent?: number | null }): boolean {
  return (section.depositPercent ?? 0) > 0;
}

/** A booking's deposit fields as the API returns them (money as strings, '250.00'). */
export const bookingDepositFields = {
  /** The section's minimum spend when booked (null: none). */
  minimumSpend: z.string().nullable(),
  /** The deposit percentage when booked (100 for a yacht, paid in full). */
  depositPercent: z.number().int(),
  /** Paid by card when booking ('0.00' when nothing was). */
  depositAmount: z.string(),
  /** Left to pay at the venue. */
  balanceDue: z.string(),
};
