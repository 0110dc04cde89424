import { describe, expect, it } from '@jest/globals';
import { TEST_CARD_UNKNOWN_MESSAGE, testCardOutcome, testPaymentConfirmInputSchema } from './test-payments';

describe("the test provider's card numbers (Stripe's documented test cards)", () => {
  it('gives each documented number its documented outcome, spaces and dashes ignored', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ kind: 'succeeded' });
    expect(testCardOutcome('4000-0000-0000-0002')).toEqual({
      kind: 'declined',
      message: 'Your card was declined.',
      declineCode: 'generic_decline',
    });
    expect(testCardOutcome('4000000000009995')).toEqual({
      kind: 'declined',
      message: 'Your card has insufficient funds.',
      declineCode: 'insufficient_funds',
    });
    expect(testCardOutcome('4000 0025 0000 3155')).toEqual({ kind: 'processing' });
  });

  it('declines any other number as not a test card', () => {
    for (const n of ['5555555555554444', '4242424242424241', '378282246310005'])
      expect(testCardOutcome(n)).toEqual({
        kind: 'declined',
        message: TEST_CARD_UNKNOWN_MESSAGE,
        declineCode: 'card_not_test',
      });
  });
});

describe('the test card form', () => {
  const ok = { clientSecret: 'pi_test_abc_secret_x', cardNumber: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' };
  const message = (input: unknown) => {
    const r = testPaymentConfirmInputSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('takes a card with its number, a future expiry and a CVC (the number without its spaces)', () => {
    expect(testPaymentConfirmInputSchema.parse(ok).cardNumber).toBe('4242424242424242');
    expect(message({ ...ok, cvc: '1234', expiry: '01 / 40' })).toBeNull();
  });

  it('refuses each bad field with a message of its own', () => {
    expect(message({ ...ok, cardNumber: '4242' })).toBe('Enter the card number (12 to 19 digits)');
    expect(message({ ...ok, cardNumber: '4242 4242 4242 424x' })).toBe('Enter the card number (12 to 19 digits)');
    expect(message({ ...ok, cardNumber: undefined })).toBe('Enter the card number (12 to 19 digits)');
    expect(message({ ...ok, expiry: '13/30' })).toBe('Enter the expiry date as MM/YY');
    expect(message({ ...ok, expiry: '01/20' })).toBe('The expiry date is in the past');
    expect(message({ ...ok, cvc: '12' })).toBe('Enter the 3- or 4-digit security code (CVC)');
    expect(message({ ...ok, clientSecret: '' })).toBe('Payment not found');
  });
});
