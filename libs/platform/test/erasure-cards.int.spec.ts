import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Column, DataSource, Entity, PrimaryColumn, type EntityManager } from 'typeorm';
import {
  createDataSource,
  databaseUrl,
  ensureDatabase,
  erasureKey,
  Inbox,
  initDatabase,
  upsertUnlessErased,
  UserErasureService,
} from '../src';
import { testEnvelope } from './support/inbox-db';

// upsertUnlessErased on real PostgreSQL (issue case 11): a member's card from identity's events is
// saved and updated as an upsert, but never again once the service recorded his erasure, through
// the inbox's usual transaction and its one-statement way alike (social's catalog handlers are
// one-statement), with the array, null and text values a card carries.
@Entity('erasure_test_cards')
class Card {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'profile_images', array: true, default: () => "'{}'" })
  profileImages!: string[];

  @Column('integer', { nullable: true })
  age!: number | null;
}

let ds: DataSource;

beforeAll(async () => {
  const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
  const db = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_erasure_cards`;
  await ensureDatabase(adminUrl, db);
  ds = createDataSource({ url: databaseUrl(adminUrl, db), migrations: [], entities: [Card], poolSize: 2 });
  await initDatabase(ds);
  await ds.query(
    `CREATE TABLE IF NOT EXISTS user_erasures (user_key text PRIMARY KEY, erased_at timestamptz NOT NULL DEFAULT now())`,
  );
  await ds.query(
    `CREATE TABLE IF NOT EXISTS erasure_test_cards (user_id uuid PRIMARY KEY, first_name text NOT NULL, profile_images text[] NOT NULL DEFAULT '{}', age integer)`,
  );
});
afterAll(async () => {
  await ds?.destroy();
});

const card = async (userId: string) =>
  (await ds.query(`SELECT first_name, profile_images, age FROM erasure_test_cards WHERE user_id = $1`, [userId]))[0] ??
  null;
const save =
  (userId: string, firstName: string, age: number | null = 30) =>
  (m: EntityManager) =>
    upsertUnlessErased(
      m,
      Card,
      userId,
      { userId, firstName, profileImages: ['/api/images/p/1.jpg', "it's, {2}"], age },
      ['userId'],
    );
// Each event of a user is a new version of his aggregate, as identity publishes them.
const event = (userId: string, sequence: number) => testEnvelope({ stream: 'identity.user', key: userId, sequence });

describe.each([
  ['the usual transaction', false],
  ['one statement', true],
])('upsertUnlessErased through the inbox (%s)', (_way, oneStatement) => {
  it('creates and updates the card of a member', async () => {
    const userId = randomUUID();
    const inbox = new Inbox(ds);
    expect(await inbox.process('test.catalog', event(userId, 1), save(userId, 'Ada', null), { oneStatement })).toBe(
      'applied',
    );
    expect(await card(userId)).toEqual({
      first_name: 'Ada',
      profile_images: ['/api/images/p/1.jpg', "it's, {2}"],
      age: null,
    });
    expect(await inbox.process('test.catalog', event(userId, 2), save(userId, 'Ada B.', 31), { oneStatement })).toBe(
      'applied',
    );
    expect(await card(userId)).toEqual({
      first_name: 'Ada B.',
      profile_images: ['/api/images/p/1.jpg', "it's, {2}"],
      age: 31,
    });
  });

  it('brings back no card of an erased member: a late registration or a replayed profile update is applied as nothing', async () => {
    const userId = randomUUID();
    const other = randomUUID();
    const inbox = new Inbox(ds);
    await inbox.process('test.catalog', event(userId, 1), save(userId, 'Ada'), { oneStatement });
    // The deletion saga, in another consumer group: the card goes and the erasure is recorded.
    await ds.transaction(async (m) => {
      await m.delete(Card, { userId });
      await new UserErasureService().record(m, userId);
    });
    expect(await inbox.process('test.catalog', event(userId, 5), save(userId, 'Ghost'), { oneStatement })).toBe(
      'applied',
    );
    expect(await card(userId)).toBeNull();
    // A card still there when the erasure is recorded is not updated either.
    await ds.query(`INSERT INTO erasure_test_cards (user_id, first_name) VALUES ($1, 'Left')`, [other]);
    await ds.query(`INSERT INTO user_erasures (user_key) VALUES ($1)`, [erasureKey(other)]);
    await inbox.process('test.catalog', event(other, 2), save(other, 'Ghost'), { oneStatement });
    expect((await card(other)).first_name).toBe('Left');
  });
});
