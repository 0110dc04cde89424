import { describe, expect, it } from '@jest/globals';
import { AppError } from '@luxe/platform';
import { AdminTokens } from './admin-tokens';

const admin = { id: '6f1c0c1e-2a4b-4c55-9d7e-0a1b2c3d4e5f', email: 'admin@example.com', name: 'Ada' };
const OLD = 'o'.repeat(32);
const NEW = 'n'.repeat(32);
const bearer = (t: string) => `Bearer ${t}`;
const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : 500),
  );

describe('admin tokens', () => {
  it('verify their own tokens and refuse missing, forged and other-secret ones (401)', async () => {
    const tokens = new AdminTokens({ secret: NEW });
    const { token } = await tokens.issue(admin);
    await expect(tokens.verify(bearer(token))).resolves.toEqual({ adminId: admin.id, email: admin.email });
    expect(await status(tokens.verify(undefined))).toBe(401);
    expect(await status(tokens.verify(bearer(`${token.slice(0, -2)}xx`)))).toBe(401);
    const other = await new AdminTokens({ secret: OLD }).issue(admin);
    expect(await status(tokens.verify(bearer(other.token)))).toBe(401);
  });

  it('during a rotation accept tokens of the previous secret until they expire, and issue with the new one', async () => {
    const before = new AdminTokens({ secret: OLD });
    const rotating = new AdminTokens({ secret: NEW, previousSecret: OLD });
    const old = await before.issue(admin);
    await expect(rotating.verify(bearer(old.token))).resolves.toEqual({ adminId: admin.id, email: admin.email });
    const fresh = await rotating.issue(admin);
    await expect(new AdminTokens({ secret: NEW }).verify(bearer(fresh.token))).resolves.toMatchObject({
      adminId: admin.id,
    });
    expect(await status(before.verify(bearer(fresh.token)))).toBe(401);
    // An expired token of the previous secret is refused as expired, not accepted.
    const stale = await new AdminTokens({ secret: OLD, ttlSeconds: 60 }).issue(admin, new Date(Date.now() - 3_600_000));
    const refused = await rotating.verify(bearer(stale.token)).catch((e: AppError) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(401);
    // A third secret is not accepted.
    const third = await new AdminTokens({ secret: 't'.repeat(32) }).issue(admin);
    expect(await status(rotating.verify(bearer(third.token)))).toBe(401);
  });
});
