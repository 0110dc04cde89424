import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';
import { buildPreviousRelease, previousRelease } from './support/previous-release';
import { nyDate, World } from './support/world';

// Rolling upgrades (docs/runbook.md#runbook-rolling-upgrades): the chart runs this tree's migrations
// before its new pods start, while the previous release's pods go on serving. So every migration
// must be an expansion the previous release's code does not notice (expand/contract: a column is
// added nullable or with a default, never renamed or dropped in the release that stops using it).
// Here: this tree's stack migrates fresh databases and writes through its own API, stops; then the
// previous release's services and gateway (infra/release/previous.json, built from git) start on
// those very databases and must serve its journeys, reading what the new release wrote.
const ROOT = join(__dirname, '..', '..');
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 70;
const dbPrefix = `luxe_test${id}_up`;
const { commit } = previousRelease();

let stack: OwnStack | undefined;
let world: World | undefined;
const options = (resetDatabases: boolean) => ({
  dbPrefix,
  resetDatabases,
  basePort: base,
  gatewayPort: base,
  groupPrefix: `test${id}up.`,
  readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
  extraEnv: {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
    RATE_LIMIT_REGISTER_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    ...(existsSync(join(ROOT, 'web', 'dist')) ? { WEB_DIST_DIR: join(ROOT, 'web', 'dist') } : {}),
  },
});

/** What the new release wrote before the old one came back. */
let written: { owner: Awaited<ReturnType<World['account']>>; club: string; section: string; bookingId: string };
let previousTree: string;

beforeAll(async () => {
  // Built first (about a minute on an idle machine; cached per commit in the temporary folder).
  previousTree = buildPreviousRelease(commit, (line) => console.log(line));
  stack = await startOwnStack({ ...options(true), logDir: `${process.cwd()}/.data/test-logs/upgrade-new` });
  world = await new World({ gatewayUrl: stack.gatewayUrls[0]!, dbUrls: stack.dbUrls }).open(
    'identity',
    'social',
    'messaging',
  );
  const { owner, club, section } = await world.bookableClub('Upgradeville');
  const host = await world.account('host', 'Nora');
  const b = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(6),
    startTime: '21:00',
    duration: 2,
    friends: '[]',
    guestVisibility: 'both',
  });
  expect(b.status).toBe(201);
  written = { owner, club, section, bookingId: b.json.id };
  await world.close();
  world = undefined;
  await stack.stop();
  stack = undefined;
}, 600_000);

afterAll(async () => {
  await world?.close();
  await stack?.stop();
});

describe(`the previous release (${commit.slice(0, 12)}) serving on this tree's schema`, () => {
  it('starts on the migrated databases, every process ready', async () => {
    stack = await startOwnStack(
      { ...options(false), logDir: `${process.cwd()}/.data/test-logs/upgrade-previous` },
      previousTree,
    );
    const ready = await new ApiClient(stack.gatewayUrls[0]!).call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    world = await new World({ gatewayUrl: stack.gatewayUrls[0]!, dbUrls: stack.dbUrls }).open(
      'identity',
      'social',
      'messaging',
    );
  }, 300_000);

  it('reads what the new release wrote: the venue, its section and the booking (owner and public)', async () => {
    const api = new ApiClient(stack!.gatewayUrls[0]!);
    const venue = await api.call('GET', `/api/venues/${written.club}`);
    expect([venue.status, venue.json.name]).toEqual([200, 'Velvet']);
    const sections = await api.call('GET', `/api/venues/${written.club}/sections`);
    expect(sections.json.map((s: { id: string }) => s.id)).toContain(written.section);
    // The owner's session was kept in Redis by the new gateway under its own secret: he signs in again.
    const owner = new ApiClient(stack!.gatewayUrls[0]!);
    const email = (await world!.dbs.identity.query('SELECT email FROM users WHERE id = $1', [written.owner.id])).rows[0]
      .email as string;
    expect((await owner.call('POST', '/api/auth/login', { email, password: 'correct-horse' })).status).toBe(200);
    const booked = await owner.call('GET', '/api/venue-owner-bookings');
    expect(booked.status).toBe(200);
    expect(JSON.stringify(booked.json)).toContain(written.bookingId);
  });

  it('serves a journey end to end: sign-up, a venue with a section, approval, a booking, its cancellation', async () => {
    const { club, section } = await world!.bookableClub('Upgradeville');
    const host = await world!.account('host', 'Olga');
    const b = await host.api.call('POST', '/api/bookings', {
      venueId: club,
      sectionId: section,
      bookingDate: nyDate(7),
      startTime: '22:00',
      duration: 2,
      friends: '[]',
      guestVisibility: 'both',
    });
    expect([b.status, b.json.status]).toEqual([201, 'confirmed']);
    const mine = await host.api.call('GET', '/api/bookings/host');
    expect(JSON.stringify(mine.json)).toContain(b.json.id);
    const cancelled = await host.api.call('POST', `/api/bookings/${b.json.id}/cancel`);
    expect([cancelled.status, cancelled.json.status]).toEqual([200, 'cancelled']);
  });
});
