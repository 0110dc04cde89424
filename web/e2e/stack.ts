import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';
import { BASE_URL } from './browser';

/** What the test stack's global setup wrote (where things are, and its first admin account). */
function provided(): { dbUrls: Record<string, string>; admin: { email: string; password: string } } {
  const file = process.env.LUXE_TEST_PROVIDED;
  if (!file) throw new Error('no test stack: run through jest.integration.config.cjs');
  return JSON.parse(readFileSync(file, 'utf8'));
}
const dbUrls = () => provided().dbUrls;

/** The stack's admin account (created from ADMIN_EMAIL and ADMIN_PASSWORD at start). */
export const stackAdmin = () => provided().admin;

async function withDb<T>(service: string, fn: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: dbUrls()[service] });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * Approval straight in the databases until the admin console decides it by event: the venues
 * service's row (and its public-list cache told), and bookings' read model once it has the venue.
 */
export async function approveVenues(names: string[]): Promise<string[]> {
  const url = dbUrls().venues;
  const ids = await withDb('venues', async (db) =>
    (
      await db.query(`UPDATE venues SET approval_status = 'approved' WHERE name = ANY($1) RETURNING id`, [names])
    ).rows.map((r) => r.id as string),
  );
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    await redis.incr(`${new URL(url).pathname.slice(1)}:venues:public:gen`);
  } finally {
    redis.disconnect();
  }
  await withDb('bookings', async (db) => {
    const end = Date.now() + 60_000;
    while ((await db.query(`SELECT 1 FROM venue_cards WHERE venue_id = ANY($1)`, [ids])).rows.length < ids.length) {
      if (Date.now() > end) throw new Error('bookings never learned of the venues');
      await new Promise((r) => setTimeout(r, 100));
    }
    await db.query(`UPDATE venue_cards SET approval_status = 'approved' WHERE venue_id = ANY($1)`, [ids]);
  });
  return ids;
}

/**
 * `count` approved venues of one city straight in the venues database, created a minute apart
 * (the list's pages: docs/architecture.md#paged-lists), and the public-list cache told. Their ids, newest first.
 */
export async function seedPublicVenues(city: string, count: number): Promise<string[]> {
  const url = dbUrls().venues;
  const ids = await withDb('venues', async (db) =>
    (
      await db.query(
        `INSERT INTO venues (id, owner_id, name, type, subtype, city, state, address, capacity, price_per_hour, approval_status, created_at)
         SELECT gen_random_uuid(), gen_random_uuid(), $1 || ' ' || g, 'club', 'lounge', $1 || ', FL', 'Florida', g || ' Ocean Dr',
           100, 300, 'approved', now() - g * interval '1 minute'
         FROM generate_series(1, $2::int) g RETURNING id, created_at`,
        [city, count],
      )
    ).rows
      .sort((x, y) => y.created_at.getTime() - x.created_at.getTime())
      .map((r) => r.id as string),
  );
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    await redis.incr(`${new URL(url).pathname.slice(1)}:venues:public:gen`);
  } finally {
    redis.disconnect();
  }
  return ids;
}

/** Waits until bookings knows these sections (their events travel through Kafka). */
export async function bookingsKnowsSections(ids: string[]): Promise<void> {
  await withDb('bookings', async (db) => {
    const end = Date.now() + 60_000;
    while ((await db.query(`SELECT 1 FROM section_cards WHERE section_id = ANY($1)`, [ids])).rows.length < ids.length) {
      if (Date.now() > end) throw new Error('bookings never learned of the sections');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

/** A JSON call to the gateway with a session cookie (set-up through the API, not the browser). */
export async function apiAs(
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any; cookie: string | null }> {
  const r = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  const set = r.headers.getSetCookie()[0];
  return { status: r.status, json: text ? JSON.parse(text) : null, cookie: set ? set.split(';')[0] : cookie };
}
