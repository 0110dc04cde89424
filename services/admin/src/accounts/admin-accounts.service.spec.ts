import 'reflect-metadata';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ADMIN_ERRORS, AUTH_ERRORS } from '@luxe/contracts';
import { type Actor, hashPassword, verifyPassword } from '@luxe/platform/http';
import type { AdminAccount } from './admin-account.entity';
import type { AdminAccountRepository } from './admin-account.repository';
import { AdminAccountsService } from './admin-accounts.service';
import type { AdminSettings } from './admin.settings';

const ID = 'a0000000-0000-4000-8000-000000000001';
let account: AdminAccount;

beforeAll(async () => {
  account = {
    id: ID,
    email: 'admin@example.com',
    name: 'Admin',
    passwordHash: await hashPassword('right-password'),
    createdAt: new Date(0),
  };
});

/** The service over a fake repository holding `accounts` (matched by id, and by email whatever its case, as the query does). */
function setup(accounts: AdminAccount[] = [account]) {
  const inserted: { id: string; email: string; passwordHash: string; name: string }[] = [];
  const repo = {
    byId: jest.fn(async (id: string) => accounts.find((a) => a.id === id) ?? null),
    byEmail: jest.fn(
      async (email: string) => accounts.find((a) => a.email.toLowerCase() === email.trim().toLowerCase()) ?? null,
    ),
    insertIfAbsent: jest.fn(async (a: (typeof inserted)[number]) => (inserted.push(a), true)),
  } as unknown as AdminAccountRepository;
  const service = new AdminAccountsService(repo, {} as AdminSettings, { info: () => undefined } as never);
  return { service, repo, inserted };
}

describe('AdminAccountsService.login', () => {
  it('signs in with the right password and shows the admin without his hash', async () => {
    expect(await setup().service.login('ADMIN@example.com ', 'right-password')).toEqual({
      admin: { id: ID, email: 'admin@example.com', name: 'Admin' },
    });
  });

  it('answers a wrong password and an unknown email alike (INVALID_CREDENTIALS): nothing tells which', async () => {
    const { service } = setup();
    for (const [email, password] of [
      ['admin@example.com', 'wrong-password'],
      ['nobody@example.com', 'right-password'],
      ['admin@example.com', ''],
    ]) {
      await expect(service.login(email!, password!)).rejects.toMatchObject({
        code: ADMIN_ERRORS.INVALID_CREDENTIALS.code,
        status: 401,
        message: ADMIN_ERRORS.INVALID_CREDENTIALS.message,
      });
    }
  });
});

describe('AdminAccountsService.session', () => {
  it('is the admin of the token while his account exists', async () => {
    expect(await setup().service.session({ role: 'admin', userId: ID })).toEqual({
      id: ID,
      email: 'admin@example.com',
      name: 'Admin',
    });
  });

  it('refuses a member (even one with the admin’s id), an anonymous caller and a removed admin', async () => {
    const refused = { code: AUTH_ERRORS.UNAUTHENTICATED.code, status: 401 };
    const { service, repo } = setup();
    for (const actor of [
      { role: 'member', userId: ID },
      { role: 'anonymous', userId: null },
      { role: 'admin', userId: null },
    ] as Actor[])
      await expect(service.session(actor)).rejects.toMatchObject(refused);
    expect(repo.byId).not.toHaveBeenCalled();
    await expect(setup([]).service.session({ role: 'admin', userId: ID })).rejects.toMatchObject(refused);
  });
});

describe('AdminAccountsService.ensure', () => {
  it('creates nothing when an account has the email, whatever its case', async () => {
    const { service, inserted } = setup();
    expect(await service.ensure(' Admin@Example.com', 'another', 'Other')).toBe(false);
    expect(inserted).toEqual([]);
  });

  it('creates a new account with the email trimmed and lowercased and the password hashed', async () => {
    const { service, inserted } = setup([]);
    expect(await service.ensure(' New@Example.com ', 'new-password', 'New')).toBe(true);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]).toMatchObject({ email: 'new@example.com', name: 'New' });
    expect(inserted[0]!.passwordHash).not.toContain('new-password');
    expect(await verifyPassword(inserted[0]!.passwordHash, 'new-password')).toBe(true);
  });
});
