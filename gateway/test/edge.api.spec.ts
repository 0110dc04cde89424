import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hashPassword } from '@luxe/platform/http';
import { ApiClient } from './support/client';
import { World } from './support/world';

// The edge as an attacker probes it (issue 30): requests a cross-site page can make.
const world = new World();
beforeAll(() => world.open('social', 'admin'));
afterAll(() => world.close());

/**
 * A request another site can make with the member's cookie: no JSON, no X-Requested-With; without
 * a body (as the issue reproduced it), then as a form sends it. The answers of both.
 */
async function crossSite(method: string, path: string, cookie: string): Promise<{ status: number; code?: string }[]> {
  const out = [];
  for (const extra of [{}, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' }] as {
    headers?: Record<string, string>;
    body?: string;
  }[]) {
    const res = await fetch(`${world.base}${path}`, {
      method,
      headers: { cookie, ...extra.headers },
      body: extra.body,
    });
    const text = await res.text();
    out.push({ status: res.status, code: text ? (JSON.parse(text) as { code?: string }).code : undefined });
  }
  return out;
}
const REFUSED = { status: 403, code: 'SECURITY.CSRF' };

describe('CSRF: the rule follows the route the router matched, not the raw URL', () => {
  it('a percent-encoded /api path is refused like the plain one, and the session and the block stay', async () => {
    const ann = await world.account('guest', 'Ann');
    const bob = await world.account('host', 'Bob');
    await world.has('social', 'member_cards', 'user_id', bob.id);
    await world.has('social', 'member_cards', 'user_id', ann.id);
    expect((await ann.api.call('POST', '/api/blocks', { userId: bob.id })).status).toBe(201);
    const cookie = `luxe_session=${ann.api.cookie('luxe_session')}`;

    for (const path of ['/api/auth/logout', '/%61pi/auth/logout', '/%61%70%69/auth/logout', '/ap%69/auth/logout'])
      expect([path, await crossSite('POST', path, cookie)]).toEqual([path, [REFUSED, REFUSED]]);
    for (const path of [`/api/blocks/${bob.id}`, `/%61pi/blocks/${bob.id}`, `/api/%62locks/${bob.id}`])
      expect([path, await crossSite('DELETE', path, cookie)]).toEqual([path, [REFUSED, REFUSED]]);

    // Nothing happened: still signed in, Bob still blocked.
    expect((await ann.api.call('GET', '/api/auth/me')).status).toBe(200);
    expect(
      (await ann.api.call('GET', '/api/blocks')).json.map((b: { blockedUserId: string }) => b.blockedUserId),
    ).toEqual([bob.id]);
    // The web client's own calls (X-Requested-With) still go through, encoded or not.
    expect((await ann.api.call('DELETE', `/%61pi/blocks/${bob.id}`)).status).toBe(204);
    expect((await ann.api.call('POST', '/%61pi/auth/logout')).status).toBe(204);
    expect((await ann.api.call('GET', '/api/auth/me')).status).toBe(401);
  });
});

describe('admin tokens are revocable', () => {
  // Issue 30: the gateway verifies the token's signature only, so a removed admin kept every
  // power until the token expired (15 minutes). The admin service now answers only while the
  // token's account exists.
  it('an admin removed from admin_accounts is refused at once with the token he holds', async () => {
    const id = randomUUID();
    const email = `removed.${id.slice(0, 8)}@example.com`;
    await world.dbs.admin.query(
      `INSERT INTO admin_accounts (id, email, password_hash, name) VALUES ($1, $2, $3, 'Soon Gone')`,
      [id, email, await hashPassword('admin-password-1')],
    );
    const login = await new ApiClient(world.base).call('POST', '/api/admin/login', {
      email,
      password: 'admin-password-1',
    });
    expect(login.status).toBe(200);
    const console_ = new ApiClient(world.base);
    const call = (method: string, path: string, body?: unknown) =>
      console_.call(method, path, body, { authorization: `Bearer ${login.json.token}` });
    const member = await world.account('guest', 'Mona');
    expect((await call('GET', '/api/admin/session')).status).toBe(200);
    expect((await call('GET', '/api/admin/users')).status).toBe(200);

    await world.dbs.admin.query(`DELETE FROM admin_accounts WHERE id = $1`, [id]);
    for (const [method, path, body] of [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/audit-log'],
      ['POST', `/api/admin/users/${member.id}/suspension`, { reason: 'removed admin tries' }],
    ] as const) {
      const r = await call(method, path, body);
      expect([path, r.status, r.json?.code]).toEqual([path, 401, 'AUTH.UNAUTHENTICATED']);
    }
    // Nothing was decided with the stale token.
    expect(
      (await world.dbs.admin.query(`SELECT count(*)::int AS n FROM admin_audit_log WHERE admin_id = $1`, [id])).rows[0]
        .n,
    ).toBe(0);
    expect((await member.api.call('GET', '/api/auth/me')).status).toBe(200);
  });
});
