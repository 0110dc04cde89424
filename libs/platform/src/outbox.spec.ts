import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { EventSchemaError } from '@luxe/contracts';
import { runWithCorrelation } from './correlation';
import type { Logger } from './logger';
import { Outbox, OutboxRelay } from './outbox';
import type { EventTransport, OutgoingMessage } from './transport/transport';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function manager(active = true) {
  const query = jest.fn(async () => []);
  return { m: { query, queryRunner: { isTransactionActive: active } } as unknown as EntityManager, query };
}

describe('Outbox.add', () => {
  it('refuses to run outside a transaction', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager(false);
    await expect(outbox.add(m, 'platform.test-event', 'k', { n: 1 })).rejects.toThrow('Outbox.add must run inside a transaction');
    const noRunner = { query } as unknown as EntityManager;
    await expect(outbox.add(noRunner, 'platform.test-event', 'k', { n: 1 })).rejects.toThrow('inside a transaction');
    expect(query).not.toHaveBeenCalled();
  });

  it('rejects data that fails the event schema without writing', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager();
    await expect(outbox.add(m, 'platform.test-event', 'k', { n: 'x' } as any)).rejects.toBeInstanceOf(EventSchemaError);
    await expect(outbox.add(m, 'identity.user-deleted', 'k', { userId: 'not-uuid', deletedAt: new Date().toISOString() })).rejects.toBeInstanceOf(
      EventSchemaError,
    );
    expect(query).not.toHaveBeenCalled();
  });

  it('writes one INSERT with the envelope and the current correlation id', async () => {
    const outbox = new Outbox('identity');
    const { m, query } = manager();
    const before = Date.now();
    const env = await runWithCorrelation('corr-42', () => outbox.add(m, 'platform.test-event', 'key-1', { n: 3 }));
    expect(env).toMatchObject({ type: 'platform.test-event', version: 1, producer: 'identity', key: 'key-1', data: { n: 3 } });
    expect(env.id).toMatch(UUID);
    expect(Date.parse(env.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(query).toHaveBeenCalledTimes(1);
    const [sql, params] = query.mock.calls[0] as unknown as [string, unknown[]];
    expect(sql).toMatch(/^INSERT INTO outbox_events/);
    expect(params).toEqual([env.id, 'platform.test-event', 1, 'platform.test-event.v1', 'key-1', JSON.stringify(env), 'corr-42']);
    expect(JSON.parse(params[5] as string)).toEqual(env);
  });

  it('writes a null correlation id outside any request, and a fresh id per event', async () => {
    const outbox = new Outbox('venues');
    const { m, query } = manager();
    const a = await outbox.add(m, 'venues.venue-deleted', 'v1', { venueId: 'v1' });
    const b = await outbox.add(m, 'venues.venue-deleted', 'v1', { venueId: 'v1' });
    expect(a.id).not.toBe(b.id);
    expect((query.mock.calls[0] as unknown as [string, unknown[]])[1][6]).toBeNull();
    expect((query.mock.calls[0] as unknown as [string, unknown[]])[1][3]).toBe('venues.venue-deleted.v1');
  });

  it('drops unknown keys of a strict schema (stores the parsed data)', async () => {
    const outbox = new Outbox('identity');
    const { m } = manager();
    const env = await outbox.add(m, 'platform.test-event', 'k', { n: 1, extra: 'x' } as any);
    expect(env.data).toEqual({ n: 1 });
  });
});

function fakeLogger(): Logger {
  const l: any = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() };
  l.child = () => l;
  return l as Logger;
}

function fakeDs(rows: { id: string; topic: string; key: string; envelope: unknown; correlation_id: string | null }[]) {
  const log: string[] = [];
  const qr = {
    isTransactionActive: false,
    connect: jest.fn(async () => void log.push('connect')),
    startTransaction: jest.fn(async () => {
      qr.isTransactionActive = true;
      log.push('begin');
    }),
    commitTransaction: jest.fn(async () => {
      qr.isTransactionActive = false;
      log.push('commit');
    }),
    rollbackTransaction: jest.fn(async () => {
      qr.isTransactionActive = false;
      log.push('rollback');
    }),
    release: jest.fn(async () => void log.push('release')),
    query: jest.fn(async (sql: string, params: unknown[]) => {
      if (sql.startsWith('SELECT')) {
        log.push('select');
        const batch = rows.splice(0, params[0] as number);
        return batch;
      }
      log.push(`update:${(params[0] as string[]).join(',')}`);
      return [];
    }),
  };
  const ds = { createQueryRunner: () => qr, query: jest.fn(async () => []) };
  return { ds: ds as unknown as DataSource & { query: typeof ds.query }, qr, log };
}

function fakeTransport(fail = false) {
  const published: OutgoingMessage[] = [];
  const t = { publish: jest.fn(async (ms: OutgoingMessage[]) => (fail ? Promise.reject(new Error('kafka down')) : void published.push(...ms))) };
  return { transport: t as unknown as EventTransport, published };
}

describe('OutboxRelay.publishBatch (fake query runner)', () => {
  const row = (id: string, cid: string | null) => ({ id, topic: 't.v1', key: `k-${id}`, envelope: { id, n: 1 }, correlation_id: cid });

  it('publishes the claimed rows with their correlation id, then marks them in the same transaction', async () => {
    const { ds, log } = fakeDs([row('a', 'cid-a'), row('b', null)]);
    const { transport, published } = fakeTransport();
    const relay = new OutboxRelay(ds, transport, fakeLogger());
    expect(await relay.publishBatch()).toBe(2);
    expect(published).toEqual([
      { topic: 't.v1', key: 'k-a', value: JSON.stringify({ id: 'a', n: 1 }), headers: { 'x-correlation-id': 'cid-a' } },
      { topic: 't.v1', key: 'k-b', value: JSON.stringify({ id: 'b', n: 1 }), headers: {} },
    ]);
    expect(log).toEqual(['connect', 'begin', 'select', 'update:a,b', 'commit', 'release']);
  });

  it('returns 0 and commits when nothing is pending; flush loops until empty', async () => {
    const { ds, log } = fakeDs([]);
    const relay = new OutboxRelay(ds, fakeTransport().transport, fakeLogger());
    expect(await relay.publishBatch()).toBe(0);
    expect(log).toEqual(['connect', 'begin', 'select', 'commit', 'release']);
    const many = fakeDs([row('1', null), row('2', null), row('3', null)]);
    const t = fakeTransport();
    expect(await new OutboxRelay(many.ds, t.transport, fakeLogger(), { batchSize: 2 }).flush()).toBe(3);
    expect(t.published.map((m) => m.key)).toEqual(['k-1', 'k-2', 'k-3']);
  });

  it('on a publish failure rolls back (rows stay unpublished), records the attempt and rethrows', async () => {
    const { ds, log } = fakeDs([row('a', null)]);
    const relay = new OutboxRelay(ds, fakeTransport(true).transport, fakeLogger());
    await expect(relay.publishBatch()).rejects.toThrow('kafka down');
    expect(log).toEqual(['connect', 'begin', 'select', 'rollback', 'release']);
    expect(ds.query).toHaveBeenCalledTimes(1);
    const [sql, params] = ds.query.mock.calls[0] as unknown as [string, unknown[]];
    expect(sql).toMatch(/^UPDATE outbox_events SET attempts = attempts \+ 1, last_error/);
    expect(params).toEqual([['a'], 'kafka down']);
  });
});
