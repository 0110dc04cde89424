import { describe, expect, it } from '@jest/globals';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { reconcile, formatLine } = require('./reconcile-core.cjs');

const B = '11111111-1111-4111-8111-111111111111';
const B2 = '22222222-2222-4222-8222-222222222222';

/** A confirmed booking paid $50.00 by card: every record agrees. Each test breaks one thing. */
function world() {
  return {
    bookings: [{ id: B, status: 'confirmed', depositCents: 5000, paidCents: 5000, refundCents: 0 }],
    payments: [{ id: 'p1', bookingId: B, intentId: 'pi_1', amount: 5000, status: 'succeeded' }],
    refunds: [] as any[],
    splits: [] as any[],
    shares: [] as any[],
    intents: [{ id: 'pi_1', bookingId: B, amount: 5000, amountReceived: 5000, status: 'succeeded' }] as any[],
    providerRefunds: [] as any[],
    charges: [{ id: 'ch_1', intentId: 'pi_1', amountRefunded: 0 }] as any[],
  };
}
const kinds = (w: ReturnType<typeof world>) => reconcile(w).map((d: { kind: string }) => d.kind);

/** The same booking cancelled with half refunded, as bookings and payments record it. */
function cancelledHalfRefunded() {
  const w = world();
  w.bookings[0] = { ...w.bookings[0]!, status: 'cancelled', refundCents: 2500 };
  w.refunds.push({ id: 'r1', bookingId: B, refundId: 're_1', amount: 2500 });
  w.providerRefunds.push({ id: 're_1', intentId: 'pi_1', bookingId: B, amount: 2500, status: 'succeeded' });
  w.charges[0].amountRefunded = 2500;
  return w;
}

describe('reconcile', () => {
  it('finds nothing when the records agree (paid and confirmed; cancelled with its refund; held and not paid yet)', () => {
    expect(reconcile(world())).toEqual([]);
    expect(reconcile(cancelledHalfRefunded())).toEqual([]);
    const held = world();
    held.bookings = [{ id: B, status: 'held', depositCents: 5000, paidCents: 0, refundCents: 0 }];
    held.payments[0] = { ...held.payments[0]!, status: 'pending' };
    held.intents[0] = { ...held.intents[0], status: 'requires_payment_method', amountReceived: 0 };
    expect(reconcile(held)).toEqual([]);
  });

  it("a booking erased with its host ('gone') keeps nothing: its payment refunded in full agrees, one kept is money-kept", () => {
    const w = world();
    w.bookings = [{ id: B, status: 'gone', depositCents: 0, paidCents: 0, refundCents: 0 }];
    expect(kinds(w)).toEqual(['money-kept']);
    w.refunds.push({ id: 'r1', bookingId: B, refundId: 're_1', amount: 5000 });
    w.providerRefunds.push({ id: 're_1', intentId: 'pi_1', bookingId: B, amount: 5000, status: 'succeeded' });
    w.charges[0].amountRefunded = 5000;
    expect(reconcile(w)).toEqual([]);
  });

  it('a whole-card payment replaced by a split that succeeded anyway and went back in full agrees with the booking the shares paid', () => {
    const w = world();
    w.payments[0] = { ...w.payments[0]!, status: 'replaced-refunded' };
    w.refunds.push({ id: 'r1', bookingId: B, refundId: 're_1', amount: 5000 });
    w.providerRefunds.push({ id: 're_1', intentId: 'pi_1', bookingId: B, amount: 5000, status: 'succeeded' });
    w.charges[0].amountRefunded = 5000;
    w.splits.push({
      id: 's1',
      bookingId: B,
      status: 'completed',
      fallbackIntentId: null,
      fallbackStatus: null,
      fallbackAmount: null,
      fallbackRefundId: null,
      fallbackRefundAmount: null,
    });
    w.shares.push(
      { id: 'sh1', splitId: 's1', amount: 2500, status: 'paid', intentId: 'pi_2', refundId: null, refundAmount: null },
      { id: 'sh2', splitId: 's1', amount: 2500, status: 'paid', intentId: 'pi_3', refundId: null, refundAmount: null },
    );
    w.intents.push(
      { id: 'pi_2', bookingId: B, amount: 2500, amountReceived: 2500, status: 'succeeded' },
      { id: 'pi_3', bookingId: B, amount: 2500, amountReceived: 2500, status: 'succeeded' },
    );
    w.charges.push(
      { id: 'ch_2', intentId: 'pi_2', amountRefunded: 0 },
      { id: 'ch_3', intentId: 'pi_3', amountRefunded: 0 },
    );
    expect(reconcile(w)).toEqual([]);
    w.payments[0] = { ...w.payments[0]!, status: 'replaced' };
    expect(kinds(w)).toEqual(['status-mismatch']);
  });

  it('a refund recorded nowhere on a confirmed booking is one line (refund-without-row), not also an amount mismatch', () => {
    const w = world();
    w.providerRefunds.push({ id: 're_x', intentId: 'pi_1', bookingId: B, amount: 1000, status: 'succeeded' });
    w.charges[0].amountRefunded = 1000;
    expect(kinds(w)).toEqual(['refund-without-row']);
  });

  it("a declined attempt's failed charge beside the refunded one that succeeded agrees (charges are summed per intent)", () => {
    const w = cancelledHalfRefunded();
    w.charges.unshift({ id: 'ch_0', intentId: 'pi_1', amountRefunded: 0 });
    expect(reconcile(w)).toEqual([]);
    w.charges[1].amountRefunded = 0;
    expect(kinds(w)).toEqual(['amount-mismatch']);
  });

  it('money-kept: a cancelled booking whose refund never reached the provider', () => {
    const w = cancelledHalfRefunded();
    w.providerRefunds = [];
    w.charges[0].amountRefunded = 0;
    const found = reconcile(w);
    expect(found.map((d: { kind: string }) => d.kind)).toEqual(['money-kept', 'refund-not-at-provider']);
    expect(formatLine(found[0])).toBe(
      `money-kept booking=${B} cancelled booking keeps $25.00 but the provider holds $50.00 ($50.00 taken, $0.00 refunded)`,
    );
  });

  it('money-kept: an expired hold whose payment succeeded anyway', () => {
    const w = world();
    w.bookings[0] = { id: B, status: 'expired', depositCents: 5000, paidCents: 0, refundCents: 0 };
    w.payments = [];
    expect(kinds(w)).toEqual(['money-kept']);
  });

  it('confirmed-unpaid: a confirmed booking with a deposit and no succeeded intent', () => {
    const w = world();
    w.intents[0] = { ...w.intents[0], status: 'requires_payment_method' };
    w.payments[0] = { ...w.payments[0]!, status: 'pending' };
    expect(kinds(w)).toEqual(['confirmed-unpaid', 'intent-left-open']);
    const noIntent = world();
    noIntent.intents = [];
    noIntent.payments = [];
    noIntent.charges = [];
    expect(kinds(noIntent)).toEqual(['confirmed-unpaid']);
    // A booking with nothing to pay now is not unpaid.
    noIntent.bookings[0] = { ...noIntent.bookings[0]!, depositCents: 0, paidCents: 0 };
    expect(kinds(noIntent)).toEqual([]);
  });

  it('refund-recorded-twice: one provider refund in two rows', () => {
    const w = cancelledHalfRefunded();
    w.splits.push({
      id: 's1',
      bookingId: B,
      status: 'released',
      fallbackIntentId: null,
      fallbackStatus: 'none',
      fallbackAmount: null,
      fallbackRefundId: 're_1',
      fallbackRefundAmount: 2500,
    });
    const found = reconcile(w);
    expect(found.map((d: { kind: string }) => d.kind)).toEqual(['refund-recorded-twice']);
    expect(found[0].message).toContain('refunds r1, split_payments s1 (fallback)');
  });

  it('refund-without-row: the provider refunded twice (a retried refund without its idempotency key), one row', () => {
    const w = cancelledHalfRefunded();
    w.providerRefunds.push({ id: 're_2', intentId: 'pi_1', bookingId: B, amount: 2500, status: 'succeeded' });
    w.charges[0].amountRefunded = 5000;
    expect(kinds(w)).toEqual(['refund-without-row']);
    // A failed provider refund gave nothing back: not a disagreement.
    w.providerRefunds[1].status = 'failed';
    w.charges[0].amountRefunded = 2500;
    expect(kinds(w)).toEqual([]);
  });

  it('intent-left-open: an intent that can still be paid, behind a booking that is no longer held', () => {
    const w = cancelledHalfRefunded();
    w.intents.push({ id: 'pi_2', bookingId: B, amount: 5000, status: 'requires_confirmation' });
    const found = reconcile(w);
    expect(found.map((d: { kind: string }) => d.kind)).toEqual(['intent-left-open']);
    expect(found[0].message).toBe('intent pi_2 ($50.00) is still requires_confirmation for a cancelled booking');
    // While the booking is held the same intent is expected.
    const held = world();
    held.bookings[0] = { ...held.bookings[0]!, status: 'held', paidCents: 0 };
    held.payments[0] = { ...held.payments[0]!, status: 'pending' };
    held.intents[0] = { ...held.intents[0], status: 'processing' };
    expect(kinds(held)).toEqual([]);
  });

  it('status-mismatch: a payments row against its intent (succeeded at the provider, pending here; and the reverse)', () => {
    const w = world();
    w.payments[0] = { ...w.payments[0]!, status: 'pending' };
    expect(kinds(w)).toEqual(['status-mismatch']);
    const r = world();
    r.intents[0] = { ...r.intents[0], status: 'canceled' };
    expect(kinds(r)).toEqual(['confirmed-unpaid', 'status-mismatch']);
  });

  it('status-mismatch: a paid share whose intent did not succeed, a fallback the webhook never settled', () => {
    const w = world();
    w.payments = [];
    w.splits.push({
      id: 's1',
      bookingId: B,
      status: 'completed',
      fallbackIntentId: 'pi_f',
      fallbackStatus: 'pending',
      fallbackAmount: 2000,
      fallbackRefundId: null,
      fallbackRefundAmount: null,
    });
    w.shares.push({
      id: 'sh1',
      splitId: 's1',
      amount: 3000,
      status: 'paid',
      intentId: 'pi_1',
      refundId: null,
      refundAmount: null,
    });
    w.intents[0] = { ...w.intents[0], amount: 3000, amountReceived: 3000 };
    w.intents.push({ id: 'pi_f', bookingId: B, amount: 2000, status: 'succeeded' });
    expect(kinds(w)).toEqual(['status-mismatch']);
    expect(reconcile(w)[0].message).toContain('host-card fallback) is pending but its intent pi_f is succeeded');
    w.splits[0].fallbackStatus = 'succeeded';
    expect(kinds(w)).toEqual([]);
    w.intents[0].status = 'requires_payment_method';
    expect(kinds(w)).toEqual(['confirmed-unpaid', 'intent-left-open', 'status-mismatch']);
  });

  it('amount-mismatch: a row, a refund, a booking or a charge that says another amount', () => {
    const row = world();
    row.payments[0] = { ...row.payments[0]!, amount: 4000 };
    expect(kinds(row)).toEqual(['amount-mismatch']);
    const refund = cancelledHalfRefunded();
    refund.refunds[0].amount = 2000;
    expect(kinds(refund)).toEqual(['amount-mismatch']);
    const booking = world();
    booking.bookings[0] = { ...booking.bookings[0]!, paidCents: 4000, depositCents: 4000 };
    expect(reconcile(booking).map((d: { message: string }) => d.message)).toEqual([
      `confirmed booking records $40.00 paid, its succeeded intents take $50.00`,
    ]);
    const charge = cancelledHalfRefunded();
    charge.charges[0].amountRefunded = 5000;
    expect(kinds(charge)).toEqual(['amount-mismatch']);
  });

  it('intent-not-at-provider: a row pointing at an intent the provider does not have', () => {
    const w = world();
    w.payments[0] = { ...w.payments[0]!, intentId: 'pi_gone' };
    expect(kinds(w)).toContain('intent-not-at-provider');
  });

  it("leaves the provider's records of other bookings alone, and sorts by booking then kind", () => {
    const w = world();
    w.intents.push({ id: 'pi_other', bookingId: 'not-ours', amount: 100, status: 'requires_payment_method' });
    w.providerRefunds.push({
      id: 're_other',
      intentId: 'pi_other',
      bookingId: 'not-ours',
      amount: 100,
      status: 'succeeded',
    });
    expect(reconcile(w)).toEqual([]);
    w.bookings.push({ id: B2, status: 'confirmed', depositCents: 100, paidCents: 100, refundCents: 0 });
    w.bookings.reverse();
    w.payments[0] = { ...w.payments[0]!, status: 'pending' };
    expect(
      reconcile(w).map((d: { bookingId: string; kind: string }) => `${d.bookingId.slice(0, 1)} ${d.kind}`),
    ).toEqual(['1 status-mismatch', '2 confirmed-unpaid']);
  });
});
