// @ts-check
// The issue's email figure on the distributed stack of `npm run bench` (bench/discovery.mjs starts
// it, with infra/local's SMTP_URL passed to notifications): a booking confirmed → its host's email
// accepted by Mailpit. Asserts nothing; about 2 minutes.
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';

const require = createRequire(import.meta.url);

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @type {(xs: number[], p: number) => number} */
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
/** @param {number[]} xs */
const stat = (xs) =>
  xs.length
    ? { n: xs.length, p50: +pct(xs, 50).toFixed(1), p99: +pct(xs, 99).toFixed(1), max: +pct(xs, 100).toFixed(1) }
    : null;
/** @param {number} n */
const day = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const STARTS = ['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00'];
/** The date and hour a booking-confirmed email's subject names ("Booking confirmed: Velvet on 2027-01-05 at 21:00 is booked."). */
/** @param {string} subject */
const slotOf = (subject) =>
  /^Booking confirmed: .* on (\d{4}-\d{2}-\d{2}) at (\d{2}:\d{2}) is booked\.$/.exec(subject)?.slice(1).join(' ') ??
  null;

/** Whether this part can run: Mailpit's API to read the emails back, and SMTP_URL for the stack to send them. */
export function emailBenchEnabled() {
  return Boolean(process.env.MAILPIT_API && process.env.SMTP_URL);
}
export const EMAIL_SKIPPED =
  '\nbooking-confirmed → email: skipped (MAILPIT_API and SMTP_URL not set; run bash infra/local/up.sh and source its env file)';

/** Every Mailpit message to `address` (Mailpit is shared by every stack on the machine: the address is this run's own), page by page. */
/**
 * @param {string} address
 * @returns {Promise<{ Subject: string, Created: string, To?: { Address: string }[] }[]>}
 */
async function mailsTo(address) {
  const all = [];
  for (let start = 0; ; start += 250) {
    const r = await fetch(
      `${process.env.MAILPIT_API}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&start=${start}&limit=250`,
    );
    if (!r.ok) throw new Error(`Mailpit search: ${r.status} ${await r.text()}`);
    const page = /** @type {{ messages?: any[] }} */ (await r.json()).messages ?? [];
    all.push(...page.filter((m) => m.To?.some((/** @type {{ Address: string }} */ t) => t.Address === address)));
    if (page.length < 250) return all;
  }
}

/**
 * A new host (an address of this run's own) books `n` regular sections of the demo clubs through
 * the gateway, as the bookings figure does, one after another `gap` ms apart (about 5 a second:
 * below the sender's 20 emails per round, so no queue builds up that this figure would measure),
 * each on its own night and hour so that its email's subject names it. For each booking: from
 * its `bookings.booking-confirmed` outbox row's created_at (PostgreSQL's clock; the booking
 * transaction's start, its commit a few ms later) to Mailpit's own receipt time of its email
 * (`Created`, ms; the same machine's clock). In between: the relay, Kafka, notifications' inbox
 * transaction queueing the email (email_outbox), the sender's next poll (EMAIL_SEND_MS, 1000 ms by
 * default, as in production) and the SMTP conversation. The stages from email_outbox's created_at.
 */
/**
 * @param {import('../stack.mjs').Stack} stack
 * @param {{ n?: number, gap?: number, sendMs?: number }} [opts]
 */
export async function benchEmail(
  stack,
  {
    n = Number(process.env.BENCH_EMAILS ?? 500),
    gap = Number(process.env.BENCH_EMAIL_GAP_MS ?? 150),
    sendMs = 1000,
  } = {},
) {
  const gw = stack.gatewayUrl;
  const pg = require('pg');
  const dbs = {
    bookings: new pg.Client({ connectionString: stack.dbUrls.bookings }),
    notifications: new pg.Client({ connectionString: stack.dbUrls.notifications }),
  };
  await dbs.bookings.connect();
  await dbs.notifications.connect();
  try {
    const address = `bench-email.${Date.now()}.${randomBytes(4).toString('hex')}@bench.luxeswipe.test`;
    const password = 'bench-correct-horse';
    /** @type {(path: string, body: unknown, cookie?: string) => Promise<Response>} */
    const post = (path, body, cookie) =>
      fetch(`${gw}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    const reg = await post('/api/auth/register', {
      email: address,
      password,
      firstName: 'Bench',
      lastName: 'Host',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'host',
    });
    if (reg.status !== 201) throw new Error(`email bench: registering ${address}: ${reg.status} ${await reg.text()}`);
    const hostId = /** @type {{ id: string }} */ (await reg.json()).id;
    const login = await post('/api/auth/login', { email: address, password });
    if (login.status !== 200) throw new Error(`email bench: login: ${login.status} ${await login.text()}`);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    // notifications knows the host's address, and bookings the host, from identity's event.
    for (let i = 0; i < 120; i++) {
      const known =
        (await dbs.notifications.query('SELECT 1 FROM member_cards WHERE user_id = $1 AND email IS NOT NULL', [hostId]))
          .rowCount && (await dbs.bookings.query('SELECT 1 FROM member_cards WHERE user_id = $1', [hostId])).rowCount;
      if (known) break;
      if (i === 119) throw new Error('email bench: notifications or bookings never heard of the new host');
      await sleep(500);
    }
    const clubs = /** @type {any[]} */ (await (await fetch(`${gw}/api/venues`)).json()).filter(
      (v) => v.type === 'club',
    );
    /** @type {{ venueId: string, sectionId: string }[]} */
    const units = [];
    for (const c of clubs)
      for (const s of /** @type {any[]} */ (await (await fetch(`${gw}/api/venues/${c.id}/sections`)).json()))
        if (!s.isExclusive && s.maxSimultaneousBookings !== 1 && !(s.depositPercent > 0))
          units.push({ venueId: c.id, sectionId: s.id });
    if (!units.length) throw new Error('email bench: no regular demo section without a deposit');
    // The i-th booking's night and hour: each its own (the warm-up's from day 2, the counted ones from day 303
    // to 358, past the bookings figure's nights and within the 365 days bookable).
    /** @type {(i: number, from: number) => object} */
    const bodyOf = (i, from) => ({
      ...units[i % units.length],
      bookingDate: day(from + Math.floor(i / STARTS.length)),
      startTime: STARTS[i % STARTS.length],
      duration: 1,
    });

    // Warm-up (not counted): until the bookings service can book the demo clubs (its read model
    // follows venues' events) and the first email is in Mailpit, so the path is awake end to end.
    let warm = 0;
    for (let i = 0; i < 60 && warm === 0; i++) {
      const r = await post('/api/bookings', bodyOf(i, 2), cookie);
      if (r.status === 201) warm++;
      else await sleep(1000);
    }
    for (let i = 0; i < 60 && !(await mailsTo(address)).some((m) => slotOf(m.Subject)); i++) await sleep(500);
    // A queue left by the parts before (the bookings figure's confirmed bookings email the demo host) empties first.
    let backlog = 0;
    for (let i = 0; i < 180; i++) {
      backlog = Number(
        (
          await dbs.notifications.query(
            'SELECT count(*) AS n FROM email_outbox WHERE sent_at IS NULL AND next_attempt_at <= now()',
          )
        ).rows[0].n,
      );
      if (backlog === 0) break;
      await sleep(1000);
    }

    const bookingIds = [];
    /** @type {Record<number, number>} */
    const statuses = {};
    const started = Date.now();
    for (let i = 0; i < n; i++) {
      const r = await post('/api/bookings', bodyOf(i, 303), cookie).catch((err) => ({
        status: err.name,
        json: async () => null,
      }));
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 201) bookingIds.push(/** @type {{ id: string }} */ (await r.json()).id);
      await sleep(gap);
    }
    const sendSeconds = (Date.now() - started) / 1000;
    // t0 of each booking: its booking-confirmed outbox row (kept 24 h after publication).
    const { rows: outRows } = await dbs.bookings.query(
      `SELECT envelope->'data'->>'bookingDate' || ' ' || (envelope->'data'->>'startTime') AS slot, extract(epoch FROM created_at) * 1000 AS created FROM outbox_events WHERE type = 'bookings.booking-confirmed' AND key = ANY($1::text[])`,
      [bookingIds],
    );
    const committed = new Map(outRows.map((r) => [r.slot, Number(r.created)]));
    // Every email in Mailpit, or 30 s after the last booking.
    let received = new Map();
    for (const end = Date.now() + 30_000; ; await sleep(1000)) {
      received = new Map(
        (await mailsTo(address)).flatMap((m) => {
          const slot = slotOf(m.Subject);
          return slot !== null && committed.has(slot) ? [/** @type {const} */ ([slot, Date.parse(m.Created)])] : [];
        }),
      );
      if (received.size >= committed.size || Date.now() > end) break;
    }
    const { rows: queuedRows } = await dbs.notifications.query(
      `SELECT subject, extract(epoch FROM created_at) * 1000 AS queued FROM email_outbox WHERE to_address = $1 AND kind = 'booking-confirmed'`,
      [address],
    );
    const queued = new Map(queuedRows.map((r) => [slotOf(r.subject), Number(r.queued)]));
    const slots = [...committed.keys()].filter((s) => received.has(s));
    /** The time of a slot that map holds (the slots below are filtered so). @type {(m: Map<string | null, number>, id: string) => number} */
    const ms = (m, id) => m.get(id) ?? NaN;
    const total = stat(slots.map((s) => ms(received, s) - ms(committed, s)));
    const both = slots.filter((s) => queued.has(s));
    const stages = {
      toQueued: stat(both.map((s) => ms(queued, s) - ms(committed, s))),
      queuedToMailpit: stat(both.map((s) => ms(received, s) - ms(queued, s))),
    };
    /** @type {Record<string, string>} */
    const stageNames = {
      toQueued: "committed → email queued (relay, Kafka, notifications' inbox transaction)",
      queuedToMailpit: "queued → accepted by Mailpit (the sender's next poll, SMTP)",
    };
    const missing = n - slots.length;
    console.log(`
booking-confirmed → email accepted by Mailpit, ${n} bookings one after another (${gap} ms apart, ${sendSeconds.toFixed(0)} s; statuses ${JSON.stringify(statuses)}; queue left by the parts before: ${backlog} unsent), the sender polling every EMAIL_SEND_MS = ${sendMs} ms (production's default: 1000):
`);
    console.log('| path | emails | missing | p50 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(
      `| booking-confirmed committed → accepted by Mailpit | ${slots.length}/${n} | ${missing} | ${total?.p50 ?? '-'} | ${total?.p99 ?? '-'} | ${total?.max ?? '-'} |`,
    );
    for (const [k, r] of Object.entries(stages))
      console.log(
        `| stage: ${stageNames[k]} | ${r?.n ?? 0} | | ${r?.p50 ?? '-'} | ${r?.p99 ?? '-'} | ${r?.max ?? '-'} |`,
      );
    const out = {
      n,
      gap,
      confirmed: bookingIds.length,
      found: slots.length,
      missing,
      statuses,
      backlog,
      sendMs,
      path: total,
      stages,
    };
    console.log(JSON.stringify({ bench: 'email', ...out }));
    return out;
  } finally {
    await dbs.bookings.end().catch(() => undefined);
    await dbs.notifications.end().catch(() => undefined);
  }
}
