import { z } from 'zod';

/**
 * The test provider of the embedded mode
 * (docs/product.md#payment-test-mode, PAYMENT_PROVIDER=test): Stripe's documented
 * test card numbers and their documented outcomes. One list for the server (the outcome), the
 * checkout's note and docs/deployment.md#modes-of-running.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeded', label: 'succeeds' },
  {
    number: '4000000000000002',
    outcome: 'declined',
    label: 'is declined',
    message: 'Your card was declined.',
    declineCode: 'generic_decline',
  },
  {
    number: '4000000000009995',
    outcome: 'declined',
    label: 'is declined (insufficient funds)',
    message: 'Your card has insufficient funds.',
    declineCode: 'insufficient_funds',
  },
  { number: '4000002500003155', outcome: 'processing', label: 'is processing for a few seconds, then succeeds' },
] as const;

/** What any other number answers (a decline, as Stripe's test mode declines a real card). */
export const TEST_CARD_UNKNOWN_MESSAGE = 'Your card number is not a test card. Use one of the test numbers shown.';

export type TestCardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'processing' }
  | { kind: 'declined'; message: string; declineCode: string };

/** The outcome of a card number (spaces and dashes ignored) at the test provider. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!card) return { kind: 'declined', message: TEST_CARD_UNKNOWN_MESSAGE, declineCode: 'card_not_test' };
  if (card.outcome === 'declined') return { kind: 'declined', message: card.message, declineCode: card.declineCode };
  return { kind: card.outcome };
}

/** `4242424242424242` → `4242 4242 4242 4242`. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export const TEST_PAYMENT_MESSAGES = {
  cardNumber: 'Enter the card number (12 to 19 digits)',
  expiry: 'Enter the expiry date as MM/YY',
  expired: 'The expiry date is in the past',
  cvc: 'Enter the 3- or 4-digit security code (CVC)',
  clientSecret: 'Payment not found',
} as const;

/** Whether MM/YY is this month or later (a card is valid through the end of its month). */
function notExpired(expiry: string, now = new Date()): boolean {
  const [mm, yy] = expiry.split('/').map((x) => Number(x.trim()));
  const year = 2000 + yy!;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && mm! >= now.getUTCMonth() + 1);
}

/** `POST /api/test-payments/{intentId}/confirm`: the test-mode card form's answer. */
export const testPaymentConfirmInputSchema = z.object({
  clientSecret: z
    .string({ error: TEST_PAYMENT_MESSAGES.clientSecret })
    .min(1, TEST_PAYMENT_MESSAGES.clientSecret)
    .max(200, TEST_PAYMENT_MESSAGES.clientSecret),
  cardNumber: z
    .string({ error: TEST_PAYMENT_MESSAGES.cardNumber })
    .max(30, TEST_PAYMENT_MESSAGES.cardNumber)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, TEST_PAYMENT_MESSAGES.cardNumber)),
  expiry: z
    .string({ error: TEST_PAYMENT_MESSAGES.expiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, TEST_PAYMENT_MESSAGES.expiry)
    .refine((v) => notExpired(v), TEST_PAYMENT_MESSAGES.expired),
  cvc: z
    .string({ error: TEST_PAYMENT_MESSAGES.cvc })
    .trim()
    .regex(/^\d{3,4}$/, TEST_PAYMENT_MESSAGES.cvc),
});
export type TestPaymentConfirmInput = z.input<typeof testPaymentConfirmInputSchema>;
export const testPaymentParamsSchema = z.object({
  intentId: z.string().regex(/^pi_test_[A-Za-z0-9]{8,64}$/, TEST_PAYMENT_MESSAGES.clientSecret),
});
/**
 * What the attempt gave at once, as Stripe.js answers a confirmation: `succeeded`, `processing`
 * (the outcome follows), or `requires_payment_method` with the decline's message (the payer may
 * try again on the same payment). The booking itself is confirmed by the outcome's event.
 */
export const testPaymentConfirmSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_payment_method']),
  error: z.string().nullable(),
});
export type TestPaymentConfirm = z.output<typeof testPaymentConfirmSchema>;
