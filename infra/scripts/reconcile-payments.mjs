// @ts-check
// `npm run reconcile:payments [-- --since <ISO date>]`: compares the payments database with the
// card provider's own records and with the bookings' states, and prints every disagreement, one
// line each (`<kind> booking=<id> <what>`; the kinds are in reconcile-core.cjs and docs/runbook.md#runbook-payments-disagree).
// Exit 0 with `no disagreements (N bookings, M intents)`, 1 when there is any, 2 when it could not
// look (a database or the provider did not answer), 64 on a bad option, 78 when not configured.
//
// Reads DATABASE_URL_PAYMENTS and DATABASE_URL_BOOKINGS, and STRIPE_SECRET_KEY (+ STRIPE_API_BASE)
// as the payments service does (the same stripeClient(), from its build). --since: only bookings
// created since then, and the provider's intents created since then (plus any older intent that
// one of those bookings' rows points at). Read-only, on both sides.
// --settle <seconds> (default 15; 0: one look): the two sides are read one after the other while
// the product keeps moving (a hold expiring between the read of payments' rows and the read of the
// provider's intents shows as `pending` against `canceled`), so a first look that finds anything
// looks again after that long and prints only what both looks found for the same booking. A
// transition stuck for longer than that is reported: it is one.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseCommandLine, usageError } from './args.mjs';
import { ROOT } from './stack.mjs';

const require = createRequire(import.meta.url);
/** @type {typeof import('./reconcile-core.cjs')} */
const { reconcile, formatLine } = require('./reconcile-core.cjs');

const USAGE = 'usage: npm run reconcile:payments [-- --since <ISO date>] [--settle <seconds>]';
const { values } = parseCommandLine({
  usage: USAGE,
  options: { since: { type: 'string' }, settle: { type: 'string' } },
});
/** @type {Date | null} */
let since = null;
let settleSeconds = 15;
if (values.since !== undefined) {
  since = new Date(values.since);
  if (Number.isNaN(since.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(values.since))
    usageError(`--since: not an ISO date: ${values.since}`, USAGE);
}
if (values.settle !== undefined) {
  settleSeconds = Number(values.settle);
  if (!/^\d+(\.\d+)?$/.test(values.settle) || settleSeconds > 3600)
    usageError(`--settle: not a number of seconds (0–3600): ${values.settle}`, USAGE);
}
const missing = ['DATABASE_URL_PAYMENTS', 'DATABASE_URL_BOOKINGS', 'STRIPE_SECRET_KEY'].filter((k) => !process.env[k]);
if (missing.length) {
  console.error(
    `not configured: ${missing.join(', ')} (the payments and bookings databases, and the provider's secret key as the payments service has it)`,
  );
  process.exit(78);
}

/** @type {typeof import('pg')} */
const pg = require('pg');
/** @type {typeof import('@luxe/payments/dist/payments/provider/stripe-provider.js')} */
const { stripeClient } = require(join(ROOT, 'services/payments/dist/payments/provider/stripe-provider.js'));
const stripe = stripeClient(
  /** @type {string} checked above */ (process.env.STRIPE_SECRET_KEY),
  process.env.STRIPE_API_BASE || undefined,
);
/** @param {string | number | null} v a numeric column (pg gives numeric as a string) */
const cents = (v) => Math.round(Number(v ?? 0) * 100);

/**
 * Runs fn over items, `width` at a time (one provider call each: not all at once).
 * @template T, R
 * @param {T[]} items
 * @param {number} width
 * @param {(item: T) => Promise<R>} fn
 */
async function each(items, width, fn) {
  /** @type {R[]} */
  const out = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}
/** @param {any} err what the provider's client threw */
const notFound = (err) => err?.statusCode === 404 || err?.code === 'resource_missing';
/**
 * Retrieves into `byId`, 8 at a time, what our rows name (`ids`, nulls included) that a list did not
 * bring; one the provider no longer has is left out.
 * @param {Map<string, any>} byId
 * @param {(string | null | undefined)[]} ids
 * @param {(id: string) => Promise<any>} retrieve
 */
async function retrieveMissing(byId, ids, retrieve) {
  const missing = /** @type {string[]} */ (ids.filter((id) => id && !byId.has(id)));
  await each([...new Set(missing)], 8, async (id) => {
    try {
      byId.set(id, await retrieve(id));
    } catch (err) {
      if (!notFound(err)) throw err;
    }
  });
}

/**
 * @param {string} url
 * @param {string} sql
 * @param {unknown[]} params
 * @returns {Promise<any[]>} the rows (the columns the query names)
 */
async function query(url, sql, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** One look at both sides: the disagreements, and how many bookings and intents it compared. */
async function look() {
  const B = /** @type {string} checked above */ (process.env.DATABASE_URL_BOOKINGS);
  const bookingRows = await query(
    B,
    `SELECT id, status, deposit_amount, amount_paid, refund_amount FROM bookings WHERE $1::timestamptz IS NULL OR created_at >= $1 ORDER BY id`,
    [since],
  );
  const bookings = bookingRows.map((b) => ({
    id: b.id,
    status: b.status,
    depositCents: cents(b.deposit_amount),
    paidCents: cents(b.amount_paid),
    refundCents: cents(b.refund_amount),
  }));
  const P = /** @type {string} checked above */ (process.env.DATABASE_URL_PAYMENTS);
  // Payments keeps its records through a host's erasure while bookings deletes his bookings: the
  // money of a booking bookings no longer has must all have gone back ('gone': nothing may be kept).
  const paid = await query(
    P,
    `SELECT booking_id FROM payments WHERE $1::timestamptz IS NULL OR created_at >= $1 UNION SELECT booking_id FROM split_payments WHERE $1::timestamptz IS NULL OR created_at >= $1`,
    [since],
  );
  const present = new Set(
    (await query(B, `SELECT id FROM bookings WHERE id = ANY($1::uuid[])`, [paid.map((r) => r.booking_id)])).map(
      (r) => r.id,
    ),
  );
  for (const { booking_id: id } of paid)
    if (!present.has(id)) bookings.push({ id, status: 'gone', depositCents: 0, paidCents: 0, refundCents: 0 });
  const ids = bookings.map((b) => b.id);
  const known = new Set(ids);
  const payments = (
    await query(
      P,
      `SELECT id, booking_id, payment_intent_id, amount, status FROM payments WHERE booking_id = ANY($1::uuid[])`,
      [ids],
    )
  ).map((r) => ({
    id: r.id,
    bookingId: r.booking_id,
    intentId: r.payment_intent_id,
    amount: r.amount,
    status: r.status,
  }));
  const refunds = (
    await query(P, `SELECT id, booking_id, stripe_refund_id, amount FROM refunds WHERE booking_id = ANY($1::uuid[])`, [
      ids,
    ])
  ).map((r) => ({ id: r.id, bookingId: r.booking_id, refundId: r.stripe_refund_id, amount: r.amount }));
  const splits = (
    await query(
      P,
      `SELECT id, booking_id, status, fallback_intent_id, fallback_status, fallback_amount, fallback_refund_id, fallback_refund_amount FROM split_payments WHERE booking_id = ANY($1::uuid[])`,
      [ids],
    )
  ).map((r) => ({
    id: r.id,
    bookingId: r.booking_id,
    status: r.status,
    fallbackIntentId: r.fallback_intent_id,
    fallbackStatus: r.fallback_status,
    fallbackAmount: r.fallback_amount,
    fallbackRefundId: r.fallback_refund_id,
    fallbackRefundAmount: r.fallback_refund_amount,
  }));
  const shares = (
    await query(
      P,
      `SELECT id, split_id, amount, status, payment_intent_id, refund_id, refund_amount FROM split_shares WHERE split_id = ANY($1::uuid[])`,
      [splits.map((s) => s.id)],
    )
  ).map((r) => ({
    id: r.id,
    splitId: r.split_id,
    amount: r.amount,
    status: r.status,
    intentId: r.payment_intent_id,
    refundId: r.refund_id,
    refundAmount: r.refund_amount,
  }));

  // The provider's intents of these bookings (tagged metadata.bookingId), then any our rows point at that the list did not bring.
  const raw = new Map();
  const listParams = { limit: 100, ...(since ? { created: { gte: Math.floor(since.getTime() / 1000) } } : {}) };
  for await (const pi of stripe.paymentIntents.list(listParams))
    if (known.has(pi.metadata?.bookingId)) raw.set(pi.id, pi);
  await retrieveMissing(
    raw,
    [...payments.map((p) => p.intentId), ...splits.map((s) => s.fallbackIntentId), ...shares.map((s) => s.intentId)],
    (id) => stripe.paymentIntents.retrieve(id),
  );
  const intents = [...raw.values()].map((pi) => ({
    id: pi.id,
    bookingId: pi.metadata?.bookingId ?? null,
    amount: pi.amount,
    amountReceived: pi.amount_received ?? null,
    status: pi.status,
  }));

  // Refunds and charges exist only for intents that were charged.
  const charged = intents.filter((i) => i.status === 'succeeded' || i.status === 'requires_capture').map((i) => i.id);
  const refundById = new Map();
  /** @type {import('./reconcile-core.cjs').Charge[]} */
  const charges = [];
  await each(charged, 8, async (id) => {
    for await (const r of stripe.refunds.list({ payment_intent: id, limit: 100 })) refundById.set(r.id, r);
    for await (const c of stripe.charges.list({ payment_intent: id, limit: 100 }))
      charges.push({
        id: c.id,
        intentId: typeof c.payment_intent === 'string' ? c.payment_intent : (c.payment_intent?.id ?? id),
        amountRefunded: c.amount_refunded ?? 0,
      });
  });
  await retrieveMissing(
    refundById,
    [...refunds.map((r) => r.refundId), ...shares.map((s) => s.refundId), ...splits.map((s) => s.fallbackRefundId)],
    (id) => stripe.refunds.retrieve(id),
  );
  const providerRefunds = [...refundById.values()].map((r) => ({
    id: r.id,
    intentId: typeof r.payment_intent === 'string' ? r.payment_intent : (r.payment_intent?.id ?? null),
    bookingId: r.metadata?.bookingId ?? null,
    amount: r.amount,
    status: r.status,
  }));

  return {
    found: reconcile({ bookings, payments, refunds, splits, shares, intents, providerRefunds, charges }),
    bookings: bookings.length,
    intents: intents.length,
  };
}

async function main() {
  let { found, bookings, intents } = await look();
  if (found.length && settleSeconds > 0) {
    const first = new Set(found.map((d) => `${d.kind} ${d.bookingId}`));
    console.error(
      `first look: ${found.length} disagreement${found.length === 1 ? '' : 's'}; looking again in ${settleSeconds} s (--settle)`,
    );
    await new Promise((r) => setTimeout(r, settleSeconds * 1000));
    ({ found, bookings, intents } = await look());
    const passing = found.filter((d) => !first.has(`${d.kind} ${d.bookingId}`)).length;
    found = found.filter((d) => first.has(`${d.kind} ${d.bookingId}`));
    if (passing)
      console.error(
        `${passing} disagreement${passing === 1 ? '' : 's'} seen only in the second look (in flight): look again later`,
      );
  }
  for (const d of found) console.log(formatLine(d));
  const counts = `${bookings} booking${bookings === 1 ? '' : 's'}, ${intents} intent${intents === 1 ? '' : 's'}`;
  if (found.length === 0) {
    console.log(`no disagreements (${counts})`);
    return 0;
  }
  console.error(`${found.length} disagreement${found.length === 1 ? '' : 's'} (${counts})`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`reconcile:payments could not compare: ${err?.message ?? err}`);
    process.exit(2);
  },
);
