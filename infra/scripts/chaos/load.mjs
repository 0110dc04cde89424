// @ts-check
// The chaos run's load: members with sessions, approved clubs, and a paced mix of bookings,
// invites, accepts and messages (plus reads in the soak) through the gateway. Counts every request
// by outcome and keeps the ids the gateway acknowledged (reconciliation looks for them).
import { randomUUID } from 'node:crypto';
import { addDays, format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import { Client as PgClient } from 'pg';
import { Redis } from 'ioredis';

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @type {<T>(xs: T[]) => T} */
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/** A date in New York `days` from today ('yyyy-MM-dd'). */
/** @param {number} days */
export const nyDate = (days) =>
  format(
    addDays(new Date(`${formatInTimeZone(new Date(), 'America/New_York', 'yyyy-MM-dd')}T12:00:00`), days),
    'yyyy-MM-dd',
  );

/** One query on a fresh connection (a database may be down or restarted between two queries). */
/**
 * @param {string} url
 * @param {string} sql
 * @param {unknown[]} [params]
 * @returns {Promise<any[]>} the rows
 */
export async function query(url, sql, params = []) {
  const c = new PgClient({ connectionString: url, connectionTimeoutMillis: 5000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A member's HTTP session (cookie jar, the X-Requested-With header the gateway wants). */
export class Session {
  /**
   * @param {string} base the gateway's URL
   * @param {Stats | null} stats
   */
  constructor(base, stats) {
    this.base = base;
    this.stats = stats;
    /** @type {Map<string, string>} */
    this.cookies = new Map();
    /** @type {string | null} the member's id once registered */
    this.id = null;
  }

  /** One request; counted in stats under `kind` unless kind is null. Never throws. */
  /**
   * @param {string | null} kind
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<{ ok: boolean, status: number, json: any, error: string | null }>}
   */
  async call(kind, method, path, body) {
    /** @type {Record<string, string>} */
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = Date.now();
    let status = 0;
    let json;
    let error = null;
    try {
      const res = await fetch(new URL(path, this.base), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair.indexOf('=');
        const value = pair.slice(i + 1);
        if (value === '') this.cookies.delete(pair.slice(0, i).trim());
        else this.cookies.set(pair.slice(0, i).trim(), value);
      }
      const text = await res.text();
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
    } catch (/** @type {any} fetch's error */ err) {
      error = String(err?.cause?.code ?? err?.name ?? err);
    }
    const ended = Date.now();
    const ok = status >= 200 && status < 300;
    if (kind && this.stats)
      this.stats.record(kind, { ok, status, error, started, ended, message: ok ? undefined : json?.message });
    return { ok, status, json, error };
  }
}

/** Request counts by kind and outcome, with the moments of failures (to tell kill windows apart). */
/** @typedef {{ sent: number, ok: number, failed: number, rejected: number }} Counts */
/** @typedef {{ kind: string, status: number, error: string | null, message?: string, started: number, ended: number }} Failure */
export class Stats {
  constructor() {
    /** @type {Map<string, Counts>} */
    this.byKind = new Map();
    /** @type {Failure[]} */
    this.failures = [];
  }
  /**
   * @param {string} kind
   * @param {{ ok: boolean } & Omit<Failure, 'kind'>} r
   */
  record(kind, r) {
    const k = this.byKind.get(kind) ?? { sent: 0, ok: 0, failed: 0, rejected: 0 };
    k.sent++;
    if (r.ok) k.ok++;
    else if (r.status >= 400 && r.status < 500) k.rejected++;
    else k.failed++;
    this.byKind.set(kind, k);
    if (!r.ok)
      this.failures.push({
        kind,
        status: r.status,
        error: r.error,
        message: r.message,
        started: r.started,
        ended: r.ended,
      });
  }
  /** Failures grouped by kind, status (or network error) and message, most frequent first. */
  /** @param {(f: Failure) => boolean} [filter] */
  failureSummary(filter = () => true) {
    const m = new Map();
    for (const f of this.failures.filter(filter)) {
      const k = `${f.kind} ${f.status || f.error}${f.message ? ` ${f.message}` : ''}`;
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return Object.fromEntries([...m].sort((a, b) => b[1] - a[1]).slice(0, 8));
  }
  totals() {
    /** @type {Counts} */
    const t = { sent: 0, ok: 0, failed: 0, rejected: 0 };
    for (const k of this.byKind.values())
      for (const f of /** @type {(keyof Counts)[]} */ (Object.keys(t))) t[f] += k[f];
    return t;
  }
}

const REGISTRATION = { password: 'correct-horse-battery', lastName: 'Chaos', city: 'Miami, FL', state: 'Florida' };

/** Members, clubs and sessions for the load (created before the clock starts). */
export class World {
  /**
   * @param {import('../stack.mjs').Stack} stack
   * @param {Stats} stats
   */
  constructor(stack, stats) {
    this.stack = stack;
    this.stats = stats;
    /** @type {Session[]} */
    this.hosts = [];
    /** @type {Session[]} */
    this.guests = [];
    /** @type {{ venueId: string, sectionId: string }[]} */
    this.clubs = [];
    // The chaos run's probe members and their bookings (acknowledged too), set by chaos.mjs.
    /** @type {Session | undefined} */
    this.probeHost = undefined;
    /** @type {Session | undefined} */
    this.probeGuest = undefined;
    /** @type {Set<string> | undefined} */
    this.probeBookings = undefined;
  }

  /**
   * @param {string} userType
   * @param {string} firstName
   * @returns {Promise<Session>}
   */
  async member(userType, firstName) {
    // Password hashing is slow on a busy machine: a timed-out registration is tried again as another member.
    for (let attempt = 1; ; attempt++) {
      const s = new Session(this.stack.gatewayUrl, this.stats);
      const email = `${userType}.${randomUUID().slice(0, 12)}@chaos.luxeswipe.test`;
      const r = await s.call('setup', 'POST', '/api/auth/register', {
        ...REGISTRATION,
        email,
        firstName,
        userType,
        gender: userType === 'guest' ? 'female' : 'male',
      });
      if (r.status === 201) {
        s.id = r.json.id;
        return s;
      }
      if (attempt >= 5 || (r.status >= 400 && r.status < 500))
        throw new Error(`register ${userType}: ${r.status} ${JSON.stringify(r.json)}`);
      await sleep(1000);
    }
  }

  /**
   * @param {string} service
   * @param {string} sql a count(*)
   * @param {unknown[]} params
   * @param {number} n
   * @param {string} what
   */
  async waitRows(service, sql, params, n, what, timeoutMs = 120_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const [{ count }] = await query(this.stack.dbUrls[service], sql, params);
      if (Number(count) >= n) return;
      if (Date.now() > end) throw new Error(`${what}: ${count}/${n} within ${timeoutMs / 1000} s`);
      await sleep(300);
    }
  }

  /**
   * An approved club with an open section (approval written straight into venues' and bookings' databases, as the API tests do).
   * The section holds more than all the guests: an invite accepted past its places would be refused (409), not a fault.
   */
  /**
   * @param {Session} owner
   * @param {number} i
   */
  async club(owner, i) {
    const v = await owner.call('setup', 'POST', '/api/venues', {
      name: `Chaos ${i}`,
      type: 'club',
      subtype: 'lounge',
      city: 'Chaosville',
      state: 'Florida',
      address: `${i} Fault St`,
      capacity: 500,
      pricePerHour: 300,
    });
    if (v.status !== 201) throw new Error(`venue: ${v.status} ${JSON.stringify(v.json)}`);
    const sec = await owner.call('setup', 'POST', `/api/venues/${v.json.id}/sections`, {
      name: 'Main Floor',
      type: 'Table',
      capacity: 100,
      pricePerHour: 300,
    });
    if (sec.status !== 201) throw new Error(`section: ${sec.status} ${JSON.stringify(sec.json)}`);
    return { venueId: v.json.id, sectionId: sec.json.id };
  }

  /** @param {{ hosts: number, guests: number, clubs: number }} counts */
  async setup({ hosts, guests, clubs }) {
    /** @type {(n: number, type: string, name: string) => Promise<Session[]>} */
    const make = async (n, type, name) => {
      const out = [];
      for (let i = 0; i < n; i += 2)
        out.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(2, n - i) }, (_, j) => this.member(type, `${name}${i + j}`)),
          )),
        );
      return out;
    };
    this.hosts = await make(hosts, 'host', 'Host');
    this.guests = await make(guests, 'guest', 'Guest');
    const owner = await this.member('venue', 'Owner');
    for (let i = 0; i < clubs; i++) this.clubs.push(await this.club(owner, i));
    const venueIds = this.clubs.map((c) => c.venueId);
    await query(this.stack.dbUrls.venues, `UPDATE venues SET approval_status = 'approved' WHERE id = ANY($1::uuid[])`, [
      venueIds,
    ]);
    const redis = new Redis(/** @type {string} chaos.mjs stops without it */ (process.env.REDIS_URL));
    await redis.incr(`${new URL(this.stack.dbUrls.venues).pathname.slice(1)}:venues:public:gen`);
    redis.disconnect();
    await this.waitRows(
      'bookings',
      'SELECT count(*) FROM venue_cards WHERE venue_id = ANY($1::uuid[])',
      [venueIds],
      clubs,
      'bookings knows the clubs',
    );
    await query(
      this.stack.dbUrls.bookings,
      `UPDATE venue_cards SET approval_status = 'approved' WHERE venue_id = ANY($1::uuid[])`,
      [venueIds],
    );
    await this.waitRows(
      'bookings',
      'SELECT count(*) FROM section_cards WHERE venue_id = ANY($1::uuid[])',
      [venueIds],
      clubs,
      'bookings knows the sections',
    );
    const all = [...this.hosts, ...this.guests].map((s) => s.id);
    await this.waitRows(
      'bookings',
      'SELECT count(*) FROM member_cards WHERE user_id = ANY($1::uuid[])',
      [all],
      all.length,
      'bookings knows the members',
    );
    await this.waitRows(
      'social',
      'SELECT count(*) FROM member_cards WHERE user_id = ANY($1::uuid[])',
      [all],
      all.length,
      'social knows the members',
    );
    await this.waitRows(
      'messaging',
      'SELECT count(*) FROM user_cards WHERE user_id = ANY($1::uuid[])',
      [all],
      all.length,
      'messaging knows the members',
    );
  }
}

/**
 * The write mix: bookings; invites to a booking some seconds old (so social knows it); accepts of
 * sent invites; messages in conversations the guests found by listing theirs. `quota` caps each
 * kind (Infinity: no cap). Every acknowledged id is kept in `acked`.
 */
/** @typedef {'booking' | 'invite' | 'accept' | 'message'} Kind */
export class Workload {
  /**
   * @param {World} world
   * @param {{ quota?: Partial<Record<Kind, number>>, reads?: number }} [opts]
   */
  constructor(world, { quota = {}, reads = 0 } = {}) {
    this.world = world;
    /** @type {Record<Kind, number>} */
    this.quota = { booking: Infinity, invite: Infinity, accept: Infinity, message: Infinity, ...quota };
    this.reads = reads;
    /** @type {Record<Kind, number>} */
    this.done = { booking: 0, invite: 0, accept: 0, message: 0 };
    /** @type {{ bookings: Set<string>, invites: Set<string>, accepted: Set<string>, messages: Set<string> }} */
    this.acked = { bookings: new Set(), invites: new Set(), accepted: new Set(), messages: new Set() };
    /** @type {{ id: string, host: Session, ready: boolean, invited: Set<string | null> }[]} */
    this.bookings = [];
    /** @type {{ id: string, guest: Session, at: number }[]} */
    this.pending = [];
    /** @type {{ guest: Session, at: number }[]} */
    this.discover = [];
    /** @type {{ id: string, host: Session, guest: Session }[]} */
    this.conversations = [];
    this.known = new Set();
    this.dayCounter = 0;
  }

  quotaMet() {
    return /** @type {Kind[]} */ (Object.keys(this.quota)).every((k) => this.done[k] >= this.quota[k]);
  }

  async booking() {
    const host = pick(this.world.hosts);
    const club = pick(this.world.clubs);
    const r = await host.call('booking', 'POST', '/api/bookings', {
      venueId: club.venueId,
      sectionId: club.sectionId,
      bookingDate: nyDate(1 + (this.dayCounter++ % 300)),
      startTime: '22:00',
      duration: 2,
      guestVisibility: 'both',
    });
    if (r.ok) {
      this.done.booking++;
      this.acked.bookings.add(r.json.id);
      this.bookings.push({ id: r.json.id, host, ready: false, invited: new Set() });
    }
  }

  async invite() {
    const ready = this.bookings.filter((b) => b.ready && b.invited.size < this.world.guests.length);
    if (!ready.length) return this.booking();
    const b = pick(ready.slice(-200));
    const guest = pick(this.world.guests.filter((g) => !b.invited.has(g.id)));
    b.invited.add(guest.id);
    const r = await b.host.call('invite', 'POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Chaos night',
      eventDate: nyDate(1),
      bookingId: b.id,
    });
    if (r.ok) {
      this.done.invite++;
      this.acked.invites.add(r.json.id);
      this.pending.push({ id: r.json.id, guest, at: Date.now() });
    }
  }

  async accept() {
    const i = this.pending.findIndex((p) => Date.now() - p.at > 500);
    if (i === -1) return this.invite();
    const [p] = this.pending.splice(i, 1);
    const r = await p.guest.call('accept', 'POST', `/api/invites/${p.id}/respond`, { response: 'accept' });
    if (r.ok) {
      this.done.accept++;
      this.acked.accepted.add(p.id);
      this.discover.push({ guest: p.guest, at: Date.now() });
    }
  }

  async findConversations() {
    const i = this.discover.findIndex((d) => Date.now() - d.at > 2000);
    if (i === -1) return false;
    const [d] = this.discover.splice(i, 1);
    const r = await d.guest.call('read', 'GET', `/api/conversations/${d.guest.id}`);
    if (r.ok) {
      for (const c of r.json) {
        if (this.known.has(c.id)) continue;
        const host = this.world.hosts.find((h) => h.id === c.hostId);
        if (!host) continue;
        this.known.add(c.id);
        this.conversations.push({ id: c.id, host, guest: d.guest });
      }
    }
    return true;
  }

  async message() {
    if (!this.conversations.length) return (await this.findConversations()) || this.accept();
    const c = pick(this.conversations);
    const from = Math.random() < 0.5 ? c.host : c.guest;
    const r = await from.call('message', 'POST', `/api/conversations/${c.id}/messages`, {
      content: `chaos ${randomUUID().slice(0, 8)}`,
    });
    if (r.ok) {
      this.done.message++;
      this.acked.messages.add(r.json.id);
    }
  }

  async read() {
    const r = Math.random();
    if (r < 0.2) return pick(this.world.hosts).call('read', 'GET', '/api/auth/me');
    if (r < 0.4) return pick(this.world.hosts).call('read', 'GET', `/api/venues/${pick(this.world.clubs).venueId}`);
    if (r < 0.55) return pick(this.world.guests).call('read', 'GET', '/api/invites/received');
    if (r < 0.7) {
      const g = pick(this.world.guests);
      return g.call('read', 'GET', `/api/conversations/${g.id}`);
    }
    if (r < 0.85 && this.conversations.length) {
      const c = pick(this.conversations);
      return c.guest.call('read', 'GET', `/api/conversations/${c.id}/messages`);
    }
    return pick(this.world.hosts).call('read', 'GET', '/api/bookings/host');
  }

  /** One operation, chosen by what is left of each quota (reads in their share). */
  async step() {
    if (this.reads > 0 && Math.random() < this.reads) return this.read();
    if (this.discover.length && Math.random() < 0.15) {
      if (await this.findConversations()) return;
    }
    /** @type {[Kind, number][]} */
    const left = /** @type {[Kind, number][]} */ (Object.entries(this.quota)).map(([k, q]) => [
      k,
      Number.isFinite(q) ? Math.max(0, q - this.done[k]) : 1,
    ]);
    const total = left.reduce((a, [, n]) => a + n, 0);
    if (total === 0) return this.booking(); // quotas met; the load goes on until told to stop
    let x = Math.random() * total;
    for (const [k, n] of left) {
      x -= n;
      if (x < 0) return this[k]();
    }
    return this.booking();
  }

  /** Marks the bookings social knows (an invite names one; social learns it from the booking's event). */
  async refreshReady() {
    const waiting = this.bookings.filter((b) => !b.ready);
    if (!waiting.length) return;
    try {
      const rows = await query(
        this.world.stack.dbUrls.social,
        'SELECT booking_id FROM event_cards WHERE booking_id = ANY($1::uuid[])',
        [waiting.map((b) => b.id)],
      );
      const known = new Set(rows.map((r) => r.booking_id));
      for (const b of waiting) if (known.has(b.id)) b.ready = true;
    } catch {
      /* its database is down: later */
    }
  }

  /**
   * Runs operations at `rate` per second (at most `concurrency` at once) until `until()` is true
   * or `maxMs` has passed.
   */
  /** @param {{ rate: number, concurrency: number, until: () => boolean, maxMs: number }} opts */
  async run({ rate, concurrency, until, maxMs }) {
    const start = Date.now();
    let issued = 0;
    const inflight = new Set();
    let refreshing = false;
    const refresher = setInterval(() => {
      if (refreshing) return;
      refreshing = true;
      void this.refreshReady().finally(() => (refreshing = false));
    }, 1000);
    while (!until() && Date.now() - start < maxMs) {
      const due = Math.floor(((Date.now() - start) / 1000) * rate);
      if (issued < due && inflight.size < concurrency) {
        issued++;
        const p = this.step()
          .catch((err) => console.error('load step failed', err))
          .finally(() => inflight.delete(p));
        inflight.add(p);
      } else {
        await (inflight.size >= concurrency ? Promise.race(inflight) : sleep(5));
      }
    }
    await Promise.all(inflight);
    clearInterval(refresher);
    return { ms: Date.now() - start, issued };
  }
}
