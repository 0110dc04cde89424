import { describe, expect, it } from '@jest/globals';
import { nextPaymentStatus, outcomeOf, type PaymentStatus } from './payment-lifecycle';

describe('the payment lifecycle', () => {
  it('a declined card keeps the payment pending for a retry; a cancelled intent releases the hold', () => {
    expect(nextPaymentStatus('pending', 'declined')).toEqual({ to: 'pending', effect: 'retry-allowed' });
    expect(nextPaymentStatus('pending', 'canceled')).toEqual({ to: 'canceled', effect: 'release' });
    expect(nextPaymentStatus('pending', 'succeeded')).toEqual({ to: 'succeeded', effect: 'confirm' });
  });

  it('a success after the hold ended is passed on (bookings refunds a cancelled booking in full); after a split replaced it, refunded at once', () => {
    expect(nextPaymentStatus('canceled', 'succeeded')).toEqual({ to: 'succeeded', effect: 'confirm' });
    expect(nextPaymentStatus('failed', 'succeeded')).toEqual({ to: 'succeeded', effect: 'confirm' });
    expect(nextPaymentStatus('replaced', 'succeeded')).toEqual({ to: 'replaced-refunded', effect: 'refund-in-full' });
  });

  it('a replayed or late event changes nothing once the payment has ended', () => {
    const ended: PaymentStatus[] = ['succeeded', 'replaced-refunded'];
    for (const from of ended)
      for (const o of ['succeeded', 'declined', 'canceled'] as const) expect(nextPaymentStatus(from, o)).toBeNull();
    expect(nextPaymentStatus('canceled', 'declined')).toBeNull();
    expect(nextPaymentStatus('replaced', 'canceled')).toBeNull();
  });

  it("reads Stripe's event types", () => {
    expect(
      ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled', 'charge.refunded'].map(
        outcomeOf,
      ),
    ).toEqual(['succeeded', 'declined', 'canceled', null]);
  });
});
