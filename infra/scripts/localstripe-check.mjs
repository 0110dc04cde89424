// @ts-check
// `node infra/scripts/localstripe-check.mjs`: calls localstripe (LOCALSTRIPE_API_BASE, from
// infra/local/up.sh's env file) the way the payments service and the tests do, with the repo's
// `stripe` package pointed at it as services/payments' stripeClient() does, and prints one line per
// call: `ok` or `FAILS` with what localstripe answered. The list at the top of
// infra/local/localstripe.sh was written from its output; run it again after changing the pin.
// Exits 1 when a call fails (all of them work against infra/local/localstripe-serve.py).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Stripe = require('stripe');

const base = new URL(process.env.LOCALSTRIPE_API_BASE ?? 'http://127.0.0.1:12121');
// As services/payments' stripeClient(): another API base by host/port/protocol.
const stripe = new Stripe('sk_test_LuxeLocalstripeCheck', {
  maxNetworkRetries: 0,
  timeout: 10_000,
  host: base.hostname,
  port: Number(base.port || 80),
  protocol: /** @type {'http' | 'https'} */ (base.protocol.replace(':', '')),
});
const tag = `check-${Date.now()}`;
/** @type {{ name: string, ok: boolean, note: string }[]} */
const results = [];

/**
 * One call and what its answer must show: `verify` answers true (or nothing) when it does, else what is wrong.
 * @template T
 * @param {string} name
 * @param {() => T | Promise<T>} fn
 * @param {(out: T) => true | string | undefined} [verify]
 * @returns {Promise<T | null>}
 */
async function check(name, fn, verify = () => true) {
  try {
    const out = await fn();
    const problem = verify(out);
    if (problem === true || problem === undefined) results.push({ name, ok: true, note: '' });
    else results.push({ name, ok: false, note: String(problem) });
    return out;
  } catch (/** @type {any} the client's error (StripeError), or anything fn threw */ err) {
    results.push({ name, ok: false, note: `${err.statusCode ?? ''} ${err.message ?? err}`.trim() });
    return null;
  }
}

/**
 * What an earlier call gave, for a later one: when that call failed, the later one fails too, saying why.
 * @template T
 * @param {T | null | undefined} x
 * @returns {T}
 */
const need = (x) => {
  if (x === null || x === undefined) throw new Error('an earlier call it needs failed');
  return x;
};

/** @param {{ status: string }} pi */
const succeeded = (pi) => pi.status === 'succeeded' || `status ${pi.status}`;
/** @param {{ data: unknown }} list */
const hasData = (list) => Array.isArray(list.data) || 'no data';
/**
 * Creates and confirms an intent with `paymentMethod`: true when it is refused with card_declined,
 * as Stripe refuses a declining card, else what happened instead.
 * @param {string} paymentMethod
 */
async function declined(paymentMethod) {
  try {
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: paymentMethod,
      confirm: true,
      metadata: { bookingId: `${tag}-declined` },
    });
    return `accepted: status ${pi.status}`;
  } catch (/** @type {any} StripeError */ err) {
    return err.code === 'card_declined' ? true : `${err.statusCode} ${err.code ?? ''} ${err.message}`;
  }
}

const meta = { bookingId: tag, hostId: 'h1', venueId: 'v1' };
// As the payments service holds a slot: the same idempotency key again must answer the same intent.
const createHoldIntent = () =>
  stripe.paymentIntents.create(
    {
      amount: 5000,
      currency: 'usd',
      automatic_payment_methods: { enabled: true },
      metadata: meta,
      description: 'check',
    },
    { idempotencyKey: `hold-${tag}` },
  );
const created = await check(
  'paymentIntents.create automatic_payment_methods + metadata + idempotencyKey',
  createHoldIntent,
);
await check(
  'paymentIntents.create (same idempotencyKey) answers the same intent',
  createHoldIntent,
  (again) => (created && again.id === created.id) || `a second intent ${again.id} (first ${created?.id})`,
);
const plain = await check('paymentIntents.create amount/currency/metadata only', () =>
  stripe.paymentIntents.create({ amount: 5000, currency: 'usd', metadata: { ...meta, bookingId: `${tag}-plain` } }),
);
const customer = await check('customers.create metadata + idempotencyKey', () =>
  stripe.customers.create(
    { metadata: { userId: 'u1', bookingId: tag } },
    { idempotencyKey: `split-customer:${tag}:2` },
  ),
);
await check('paymentIntents.create customer + setup_future_usage off_session', () =>
  stripe.paymentIntents.create({
    amount: 2500,
    currency: 'usd',
    customer: customer?.id,
    setup_future_usage: 'off_session',
    automatic_payment_methods: { enabled: true },
    metadata: { bookingId: tag, splitId: 's1' },
  }),
);
await check(
  'paymentIntents.create customer + payment_method pm_card_visa + off_session + confirm',
  () =>
    stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      customer: customer?.id,
      payment_method: 'pm_card_visa',
      off_session: true,
      confirm: true,
      metadata: { bookingId: tag, fallback: 'host-card' },
    }),
  succeeded,
);
const target = created ?? plain;
await check(
  'paymentIntents.confirm(id, { payment_method: pm_card_visa })',
  () => stripe.paymentIntents.confirm(need(target).id, { payment_method: 'pm_card_visa' }),
  succeeded,
);
// The fallback when confirm does not take a payment method: set it, then confirm.
const forRefund = await check(
  'paymentIntents.update(payment_method) then confirm()',
  async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 4000,
      currency: 'usd',
      metadata: { ...meta, bookingId: `${tag}-two-step` },
    });
    await stripe.paymentIntents.update(pi.id, { payment_method: 'pm_card_visa' });
    return stripe.paymentIntents.confirm(pi.id);
  },
  succeeded,
);
for (const pm of ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined', 'pm_card_chargeCustomerFail']) {
  await check(
    `decline: create(payment_method ${pm}, confirm) is refused with card_declined`,
    () => declined(pm),
    (r) => r,
  );
}
await check(
  'decline: payment_methods.create card 4000000000000002 then create+confirm is refused',
  async () => {
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000002', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    return declined(pm.id);
  },
  (r) => r,
);
await check(
  'decline: a declined confirm leaves the intent requires_payment_method with last_payment_error',
  async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: 'pm_card_chargeCustomerFail',
      metadata: { bookingId: `${tag}-declined` },
    });
    await stripe.paymentIntents.confirm(pi.id).catch(() => undefined);
    return stripe.paymentIntents.retrieve(pi.id);
  },
  (pi) =>
    (pi.status === 'requires_payment_method' && pi.last_payment_error?.code === 'card_declined') ||
    `status ${pi.status}, error ${JSON.stringify(pi.last_payment_error)}`,
);
await check(
  'paymentIntents.retrieve',
  () => stripe.paymentIntents.retrieve(need(target).id),
  (pi) => pi.id === need(target).id || 'other id',
);
await check(
  'paymentIntents.retrieve: latest_charge is an id (a string, as Stripe sends it)',
  () => stripe.paymentIntents.retrieve(forRefund?.id ?? need(target).id),
  (pi) => typeof pi.latest_charge === 'string' || `latest_charge is ${typeof pi.latest_charge}`,
);
await check(
  'paymentIntents.cancel (requires_payment_method)',
  async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 700,
      currency: 'usd',
      metadata: { bookingId: `${tag}-cancel` },
    });
    return stripe.paymentIntents.cancel(pi.id);
  },
  (pi) => pi.status === 'canceled' || `status ${pi.status}`,
);
await check('paymentIntents.list (no filter)', () => stripe.paymentIntents.list({ limit: 100 }), hasData);
await check('paymentIntents.list({ customer })', () => stripe.paymentIntents.list({ customer: customer?.id }), hasData);
await check(
  'paymentIntents.list({ created: { gte } })',
  () => stripe.paymentIntents.list({ created: { gte: Math.floor(Date.now() / 1000) - 3600 } }),
  hasData,
);
await check(
  'paymentIntents.list autoPagingToArray (starting_after)',
  () => stripe.paymentIntents.list({ limit: 2 }).autoPagingToArray({ limit: 1000 }),
  (a) => a.length > 2 || `only ${a.length}`,
);
await check(
  `paymentIntents.search metadata['bookingId']`,
  () => stripe.paymentIntents.search({ query: `metadata['bookingId']:'${tag}'` }),
  (r) => (r.data?.length ?? 0) >= 1 || `found ${r.data?.length}`,
);
// As the payments service refunds: the same idempotency key again must not refund twice.
const partialRefund = () =>
  stripe.refunds.create(
    { payment_intent: need(forRefund).id, amount: 1500, metadata: { bookingId: `${tag}-two-step` } },
    { idempotencyKey: `refund:${tag}` },
  );
await check(
  'refunds.create partial, payment_intent + metadata + idempotencyKey',
  partialRefund,
  (r) => (r.amount === 1500 && r.status === 'succeeded') || `amount ${r.amount} status ${r.status}`,
);
await check(
  'refunds.create (same idempotencyKey) answers the same refund, no second one',
  async () => {
    await partialRefund();
    return stripe.refunds.list({ payment_intent: need(forRefund).id });
  },
  (l) => l.data.length === 1 || `${l.data.length} refunds`,
);
await check(
  'refunds.create more than what is left is refused',
  async () => {
    try {
      const r = await stripe.refunds.create({ payment_intent: need(forRefund).id, amount: 999_999 });
      return `accepted ${r.amount}`;
    } catch (/** @type {any} StripeError */ err) {
      return err.statusCode === 400 ? true : `${err.statusCode} ${err.message}`;
    }
  },
  (r) => r,
);
await check(
  'refunds.list({ payment_intent })',
  () => stripe.refunds.list({ payment_intent: need(forRefund).id }),
  (l) => l.data.every((r) => r.payment_intent === need(forRefund).id) || 'other intents',
);
await check('refunds.list (no filter)', () => stripe.refunds.list({ limit: 100 }), hasData);
await check('charges.list (no filter)', () => stripe.charges.list({ limit: 100 }), hasData);
await check(
  'charges.list({ payment_intent })',
  () => stripe.charges.list({ payment_intent: need(forRefund).id }),
  (l) => (l.data.length === 1 && l.data[0].payment_intent === need(forRefund).id) || `${l.data.length} charges`,
);
await check(
  'charges.retrieve: amount_refunded after the refund',
  async () => {
    const pi = await stripe.paymentIntents.retrieve(need(forRefund).id);
    const chargeId = typeof pi.latest_charge === 'string' ? pi.latest_charge : need(pi.latest_charge).id;
    return stripe.charges.retrieve(chargeId);
  },
  (c) => c.amount_refunded === 1500 || `amount_refunded ${c.amount_refunded}`,
);

// Webhooks: localstripe posts each event to the URLs registered at /_config/webhooks/<id>, signed
// with that secret; the payments service checks with stripe.webhooks.constructEvent.
const secret = `whsec_${tag.replace(/-/g, '')}`;
/** @type {{ body: string, signature: string | string[] | undefined }[]} the webhook deliveries */
const got = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    got.push({ body, signature: req.headers['stripe-signature'] });
    res.writeHead(200).end('{}');
  });
});
await new Promise(/** @param {(v?: void) => void} r */ (r) => server.listen(0, '127.0.0.1', () => r()));
const port = /** @type {import('node:net').AddressInfo} listening on TCP */ (server.address()).port;
await check(
  'POST /_config/webhooks/luxe-check (url, secret, events[])',
  async () => {
    const form = new URLSearchParams([
      ['url', `http://127.0.0.1:${port}/hook`],
      ['secret', secret],
      ['events[]', 'payment_intent.succeeded'],
      ['events[]', 'payment_intent.canceled'],
    ]);
    const res = await fetch(new URL('/_config/webhooks/luxe-check', base), { method: 'POST', body: form });
    return res.status;
  },
  (s) => s === 200 || `HTTP ${s}`,
);
const paid = await stripe.paymentIntents
  .create({
    amount: 900,
    currency: 'usd',
    payment_method: 'pm_card_visa',
    confirm: true,
    metadata: { bookingId: `${tag}-hook` },
  })
  .catch(() => null);
const dropped = await stripe.paymentIntents
  .create({ amount: 900, currency: 'usd', metadata: { bookingId: `${tag}-hook-cancel` } })
  .then((pi) => stripe.paymentIntents.cancel(pi.id))
  .catch(() => null);
/** @param {string | undefined} id */
const arrived = (id) => got.find((g) => g.body.includes(id ?? '-'));
for (let i = 0; i < 40 && !(arrived(paid?.id) && arrived(dropped?.id)); i++)
  await new Promise((r) => setTimeout(r, 250));
// The shared instance keeps the registration: point it at nothing of ours that may be reused.
await fetch(new URL('/_config/webhooks/luxe-check', base), {
  method: 'POST',
  body: new URLSearchParams({ url: 'http://127.0.0.1:9/closed', secret, 'events[]': 'none.none' }),
}).catch(() => undefined);
server.close();
const delivery = arrived(paid?.id);
await check(
  'webhook payment_intent.succeeded delivered',
  () => delivery ?? Promise.reject(new Error('not delivered within 10 s')),
);
await check(
  'webhook signature verifies with stripe.webhooks.constructEvent',
  () => stripe.webhooks.constructEvent(need(delivery).body, need(need(delivery).signature), secret),
  (e) => (e.type === 'payment_intent.succeeded' && e.data.object.id === need(paid).id) || `event ${e.type}`,
);
await check(
  'webhook payment_intent.canceled delivered on cancel',
  () => arrived(dropped?.id) ?? Promise.reject(new Error('not delivered within 10 s')),
  (d) => JSON.parse(d.body).type === 'payment_intent.canceled' || JSON.parse(d.body).type,
);

for (const r of results) {
  const mark = r.ok ? 'ok   ' : 'FAILS';
  console.log(`${mark} ${r.name}${r.note ? `: ${r.note.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
