// @ts-check
// The comparison of `npm run reconcile:payments` (infra/scripts/reconcile-payments.mjs), apart from
// its I/O so that each kind of disagreement is unit-tested (reconcile-core.spec.ts): the payments
// database, the card provider's own records and bookings' states, all amounts in cents.
// CommonJS so that both the ES module script and Jest (no ESM there) load it as it is.

/**
 * @typedef {{ id: string, status: string, depositCents: number, paidCents: number, refundCents: number }} Booking
 * @typedef {{ id: string, bookingId: string, intentId: string, amount: number, status: string }} PaymentRow   payments
 * @typedef {{ id: string, bookingId: string, refundId: string, amount: number }} RefundRow   refunds
 * @typedef {{ id: string, bookingId: string, status: string, fallbackIntentId: string | null, fallbackStatus: string | null, fallbackAmount: number | null, fallbackRefundId: string | null, fallbackRefundAmount: number | null }} SplitRow   split_payments
 * @typedef {{ id: string, splitId: string, amount: number, status: string, intentId: string | null, refundId: string | null, refundAmount: number | null }} ShareRow   split_shares
 * @typedef {{ id: string, bookingId: string | null, amount: number, amountReceived?: number | null, status: string }} Intent   a PaymentIntent
 * @typedef {{ id: string, intentId: string | null, bookingId: string | null, amount: number, status: string }} ProviderRefund
 * @typedef {{ id: string, intentId: string | null, amountRefunded: number }} Charge
 * @typedef {{ kind: string, bookingId: string, message: string }} Disagreement
 */

/** Intent statuses in which the customer can still be charged: nobody should leave one behind a booking that is no longer held. */
const OPEN = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing']);
/** Provider refunds that give (or will give) the money back. */
const REFUNDING = new Set(['succeeded', 'pending', 'requires_action']);
/**
 * Intent statuses each payments row status agrees with (a failed payment leaves its intent requires_payment_method, a cancelled one canceled).
 * @type {Record<string, Set<string>>}
 */
const AGREES = {
  succeeded: new Set(['succeeded']),
  failed: new Set(['requires_payment_method', 'canceled']),
  pending: new Set([
    'requires_payment_method',
    'requires_confirmation',
    'requires_action',
    'processing',
    'requires_capture',
  ]),
  // services/payments/src/payments/payment-lifecycle.ts: cancelled at the provider (a hold ended,
  // or a split replaced it); a replaced one that succeeded anyway was refunded in full.
  canceled: new Set(['canceled']),
  replaced: new Set(['canceled']),
  'replaced-refunded': new Set(['succeeded']),
};
/** A booking's states in which it keeps nothing beyond what it recorded ('gone': erased with its host, keeps nothing). */
const ENDED = new Set(['cancelled', 'expired', 'gone']);

/** @param {number} cents */
const usd = (cents) => `$${(cents / 100).toFixed(2)}`;

/**
 * Every disagreement, in a stable order (by booking, then kind). Provider records of bookings not
 * given are not looked at (a test account may hold other environments' intents).
 * @param {{ bookings: Booking[], payments: PaymentRow[], refunds: RefundRow[], splits: SplitRow[], shares: ShareRow[], intents: Intent[], providerRefunds: ProviderRefund[], charges?: Charge[] }} input
 * @returns {Disagreement[]}
 */
function reconcile(input) {
  const { bookings, payments, refunds, splits, shares, intents, providerRefunds, charges = [] } = input;
  /** @type {Disagreement[]} */
  const out = [];
  /** @type {(kind: string, bookingId: string, message: string) => void} */
  const say = (kind, bookingId, message) => {
    out.push({ kind, bookingId, message });
  };
  const byId = new Map(intents.map((i) => [i.id, i]));
  const known = new Set(bookings.map((b) => b.id));
  const splitById = new Map(splits.map((s) => [s.id, s]));

  // Each booking's intents: those the provider tags with it and those our rows point at.
  /** @type {Map<string, Set<string>>} */
  const intentsOf = new Map();
  /** @type {(bookingId: string, intentId: string | null) => void} */
  const tie = (bookingId, intentId) => {
    if (!intentId || !known.has(bookingId)) return;
    const ids = intentsOf.get(bookingId) ?? new Set();
    intentsOf.set(bookingId, ids.add(intentId));
  };
  for (const i of intents) if (i.bookingId) tie(i.bookingId, i.id);
  for (const p of payments) tie(p.bookingId, p.intentId);
  for (const s of splits) tie(s.bookingId, s.fallbackIntentId);
  for (const sh of shares) tie(splitById.get(sh.splitId)?.bookingId ?? '', sh.intentId);
  /** @type {Map<string, string>} */
  const bookingOfIntent = new Map();
  for (const [b, ids] of intentsOf) for (const id of ids) bookingOfIntent.set(id, b);

  // The refunds we recorded, wherever: refunds rows, shares, a split's host-card fallback.
  /** @type {{ refundId: string, bookingId: string, amount: number, where: string }[]} */
  const recorded = [
    ...refunds.map((r) => ({
      refundId: r.refundId,
      bookingId: r.bookingId,
      amount: r.amount,
      where: `refunds ${r.id}`,
    })),
    ...shares
      .flatMap((s) => (s.refundId ? [{ ...s, refundId: s.refundId }] : []))
      .map((s) => ({
        refundId: s.refundId,
        bookingId: splitById.get(s.splitId)?.bookingId ?? '',
        amount: s.refundAmount ?? 0,
        where: `split_shares ${s.id}`,
      })),
    ...splits
      .flatMap((s) => (s.fallbackRefundId ? [{ ...s, fallbackRefundId: s.fallbackRefundId }] : []))
      .map((s) => ({
        refundId: s.fallbackRefundId,
        bookingId: s.bookingId,
        amount: s.fallbackRefundAmount ?? 0,
        where: `split_payments ${s.id} (fallback)`,
      })),
  ];
  const providerRefundById = new Map(providerRefunds.map((r) => [r.id, r]));
  const ourRefunds = providerRefunds.filter(
    (r) => (r.intentId && bookingOfIntent.has(r.intentId)) || (r.bookingId && known.has(r.bookingId)),
  );
  /** @param {ProviderRefund} r one of ourRefunds: tied to a booking by its intent or its metadata */
  const bookingOfRefund = (r) => /** @type {string} */ ((r.intentId && bookingOfIntent.get(r.intentId)) || r.bookingId);

  /** @type {Map<string, typeof recorded>} */
  const timesRecorded = new Map();
  for (const r of recorded) timesRecorded.set(r.refundId, [...(timesRecorded.get(r.refundId) ?? []), r]);
  for (const [refundId, rows] of timesRecorded) {
    if (rows.length > 1)
      say(
        'refund-recorded-twice',
        rows[0].bookingId,
        `refund ${refundId} is recorded ${rows.length} times (${rows.map((r) => r.where).join(', ')})`,
      );
  }
  for (const r of recorded) {
    const p = providerRefundById.get(r.refundId);
    if (!p)
      say(
        'refund-not-at-provider',
        r.bookingId,
        `${r.where} records refund ${r.refundId}, which the provider does not have`,
      );
    else if (p.amount !== r.amount)
      say(
        'amount-mismatch',
        r.bookingId,
        `${r.where} records refund ${r.refundId} of ${usd(r.amount)}, the provider's is ${usd(p.amount)}`,
      );
  }
  for (const r of ourRefunds) {
    if (!timesRecorded.has(r.id) && REFUNDING.has(r.status))
      say(
        'refund-without-row',
        bookingOfRefund(r),
        `the provider refunded ${usd(r.amount)} (${r.id}, ${r.status}) of ${r.intentId ?? 'a charge'}, recorded nowhere`,
      );
  }

  // Rows against the provider's intents.
  /** @type {(bookingId: string, what: string, intentId: string, amount: number | null, agrees: (status: string) => string | null) => void} */
  const against = (bookingId, what, intentId, amount, agrees) => {
    const i = byId.get(intentId);
    if (!i)
      return say(
        'intent-not-at-provider',
        bookingId,
        `${what} points at ${intentId}, which the provider does not have`,
      );
    const problem = agrees(i.status);
    if (problem) say('status-mismatch', bookingId, `${what} ${problem}`);
    if (amount != null && i.amount !== amount)
      say('amount-mismatch', bookingId, `${what} is ${usd(amount)}, its intent ${i.id} is ${usd(i.amount)}`);
  };
  for (const p of payments) {
    if (!known.has(p.bookingId)) continue;
    against(p.bookingId, `payments ${p.id}`, p.intentId, p.amount, (s) =>
      (AGREES[p.status] ?? new Set()).has(s) ? null : `is ${p.status} but its intent ${p.intentId} is ${s}`,
    );
  }
  for (const sh of shares) {
    const split = splitById.get(sh.splitId);
    if (!split || !known.has(split.bookingId) || !sh.intentId) continue;
    const paid = sh.status === 'paid' || sh.status === 'refunded';
    against(split.bookingId, `split_shares ${sh.id}`, sh.intentId, sh.amount, (s) =>
      paid === (s === 'succeeded') ? null : `is ${sh.status} but its intent ${sh.intentId} is ${s}`,
    );
  }
  for (const s of splits) {
    if (!known.has(s.bookingId) || !s.fallbackIntentId) continue;
    against(s.bookingId, `split_payments ${s.id} (host-card fallback)`, s.fallbackIntentId, s.fallbackAmount, (st) => {
      if ((s.fallbackStatus === 'succeeded') !== (st === 'succeeded'))
        return `is ${s.fallbackStatus} but its intent ${s.fallbackIntentId} is ${st}`;
      if (s.fallbackStatus === 'pending' && st === 'canceled')
        return `is pending but its intent ${s.fallbackIntentId} is canceled`;
      return null;
    });
  }

  // The provider's charges against its own refunds (what a charge says was refunded).
  // Per intent, not per charge: a declined attempt leaves a failed charge (nothing refunded) beside
  // the one that succeeded (decline, then pay, then a refund).
  /** @type {Map<string, Charge[]>} */
  const chargesOf = new Map();
  for (const c of charges) if (c.intentId) chargesOf.set(c.intentId, [...(chargesOf.get(c.intentId) ?? []), c]);
  for (const [intentId, cs] of chargesOf) {
    const bookingId = bookingOfIntent.get(intentId);
    if (!bookingId) continue;
    const refunded = cs.reduce((a, c) => a + c.amountRefunded, 0);
    const sum = providerRefunds
      .filter((r) => r.intentId === intentId && r.status === 'succeeded')
      .reduce((a, r) => a + r.amount, 0);
    if (sum !== refunded)
      say(
        'amount-mismatch',
        bookingId,
        `the provider's charges of ${intentId} (${cs.map((c) => c.id).join(', ')}) say ${usd(refunded)} refunded, its refunds sum ${usd(sum)}`,
      );
  }

  // Each booking's state against the money.
  for (const b of bookings) {
    const mine = [...(intentsOf.get(b.id) ?? [])].flatMap((id) => byId.get(id) ?? []);
    const succeeded = mine.filter((i) => i.status === 'succeeded');
    const taken = succeeded.reduce((a, i) => a + (i.amountReceived ?? i.amount), 0);
    const given = ourRefunds
      .filter((r) => bookingOfRefund(r) === b.id && REFUNDING.has(r.status))
      .reduce((a, r) => a + r.amount, 0);
    if (ENDED.has(b.status)) {
      const kept = Math.max(0, b.paidCents - b.refundCents);
      if (taken - given > kept)
        say(
          'money-kept',
          b.id,
          `${b.status} booking keeps ${usd(kept)} but the provider holds ${usd(taken - given)} (${usd(taken)} taken, ${usd(given)} refunded)`,
        );
    }
    let unpaid = false;
    if ((b.status === 'confirmed' || b.status === 'completed') && b.depositCents > 0 && taken < b.depositCents) {
      unpaid = true;
      say(
        'confirmed-unpaid',
        b.id,
        `${b.status} booking's deposit is ${usd(b.depositCents)} but its succeeded intents take ${usd(taken)}${succeeded.length ? ` (${succeeded.map((i) => i.id).join(', ')})` : ''}`,
      );
    }
    // (A cancelled or expired one is money-kept's: what it keeps is what matters.)
    // Net of the refunds we recorded: a whole-card payment replaced by a split that succeeded anyway
    // was taken and given back. (A refund recorded nowhere is refund-without-row's line, not this one's.)
    const givenRecorded = ourRefunds
      .filter((r) => bookingOfRefund(r) === b.id && REFUNDING.has(r.status) && timesRecorded.has(r.id))
      .reduce((a, r) => a + r.amount, 0);
    if (!unpaid && (b.status === 'confirmed' || b.status === 'completed') && taken - givenRecorded !== b.paidCents)
      say(
        'amount-mismatch',
        b.id,
        `${b.status} booking records ${usd(b.paidCents)} paid, its succeeded intents take ${usd(taken)}${givenRecorded ? ` less ${usd(givenRecorded)} refunded` : ''}`,
      );
    if (b.status !== 'held') {
      for (const i of mine)
        if (OPEN.has(i.status))
          say(
            'intent-left-open',
            b.id,
            `intent ${i.id} (${usd(i.amount)}) is still ${i.status} for a ${b.status} booking`,
          );
    }
  }

  return out.sort((a, b) =>
    a.bookingId < b.bookingId ? -1 : a.bookingId > b.bookingId ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0,
  );
}

/**
 * One line per disagreement: `<kind> booking=<id> <what>`.
 * @param {Disagreement} d
 */
function formatLine(d) {
  return `${d.kind} booking=${d.bookingId} ${d.message}`;
}

module.exports = { reconcile, formatLine };
