import 'reflect-metadata';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';
import { AUTH_ERRORS, registerSchema, userImagePath } from '@luxe/contracts';
import type { Outbox } from '@luxe/platform/events';
import { hashPassword, MeSnapshots, SessionStore, type Actor } from '@luxe/platform/http';
import type { Logger } from '@luxe/platform/runtime';
import type { AccountTokenRepository } from '../account-email/account-token.repository';
import type { PhotosService } from '../photos/photo.service';
import type { User } from './user.entity';
import type { UsersRepository } from './user.repository';
import { UsersService } from './user.service';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisMock = require('ioredis-mock');

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const PASSWORD = 'correct horse battery';
const m = {} as EntityManager;
const me: Actor = { role: 'member', userId: ME, userType: 'guest' };
const logger = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as Logger;
let passwordHash = '';
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

const account = (over: Partial<User> = {}): User => ({
  id: ME,
  email: 'ana@example.com',
  passwordHash,
  phoneNumber: null,
  firstName: 'Ana',
  lastName: 'Lee',
  userType: 'guest',
  city: 'Miami',
  state: 'Florida',
  gender: null,
  age: null,
  bio: null,
  profileImages: [],
  profileCompleted: 'false',
  createdAt: new Date('2099-01-01T00:00:00Z'),
  suspendedAt: null,
  emailVerifiedAt: null,
  ...over,
});
const registration = () =>
  registerSchema.parse({
    email: 'ana@example.com',
    password: PASSWORD,
    firstName: 'Ana',
    lastName: 'Lee',
    city: 'Miami',
    state: 'Florida',
    userType: 'guest',
  });

/**
 * The service over a fake repository (`stored`: the account its email finds; `raceLost`: the
 * unique index refuses the insert, a concurrent registration having won), a recording outbox and
 * token repository, and an in-memory Redis for sessions.
 */
function setup(opts: { stored?: User | null; raceLost?: boolean; deletes?: boolean } = {}) {
  const inserted: string[] = [];
  const users = {
    existsByEmail: jest.fn(async () => !!opts.stored),
    findByEmail: jest.fn(async () => opts.stored ?? null),
    insert: jest.fn(async (_m: EntityManager, u: Partial<User>) =>
      opts.raceLost ? null : (inserted.push(u.email!), account({ ...u, createdAt: new Date() } as Partial<User>)),
    ),
    update: jest.fn(async () => account()),
    delete: jest.fn(async () => opts.deletes ?? true),
  } as unknown as UsersRepository;
  const published: string[] = [];
  const outbox = {
    add: jest.fn(async (_m: EntityManager, type: string) => void published.push(type)),
  } as unknown as Outbox;
  const tokens = {
    issue: jest.fn(async () => ({ token: 't', expiresAt: new Date('2099-01-02T00:00:00Z') })),
    forgetEvents: jest.fn(async () => undefined),
  } as unknown as AccountTokenRepository;
  const photos = { eraseUser: jest.fn(async () => 0) } as unknown as PhotosService;
  const redis = new RedisMock() as Redis;
  const ds = { transaction: (fn: (m: EntityManager) => unknown) => fn(m) } as unknown as DataSource;
  const service = new UsersService(
    ds,
    users,
    outbox,
    new SessionStore(redis),
    new MeSnapshots(redis),
    logger,
    photos,
    tokens,
  );
  return { service, users, inserted, published };
}

describe('UsersService.register', () => {
  it('creates the account, publishes user-registered and the verification link, and opens a session', async () => {
    const { service, inserted, published } = setup();
    const r = await service.register(registration());
    expect(inserted).toEqual(['ana@example.com']);
    expect(published).toEqual(['identity.user-registered', 'identity.email-verification-requested']);
    expect(r.user).toMatchObject({ email: 'ana@example.com', firstName: 'Ana' });
    expect(r.sessionToken).toEqual(expect.any(String));
  });

  it('answers 409 with the contract message for an email already registered, inserting nothing', async () => {
    const { service, users, published } = setup({ stored: account() });
    await expect(service.register(registration())).rejects.toMatchObject({
      status: 409,
      code: AUTH_ERRORS.EMAIL_TAKEN.code,
      message: AUTH_ERRORS.EMAIL_TAKEN.message,
    });
    expect(users.insert).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('answers the same 409 when a concurrent registration of the email won (the unique index refused the row), publishing nothing', async () => {
    const { service, published } = setup({ raceLost: true });
    await expect(service.register(registration())).rejects.toMatchObject({
      status: 409,
      code: AUTH_ERRORS.EMAIL_TAKEN.code,
      message: AUTH_ERRORS.EMAIL_TAKEN.message,
    });
    expect(published).toEqual([]);
  });
});

describe('UsersService.login', () => {
  it('gives one answer (401) for an unknown email and a wrong password', async () => {
    const refused = {
      status: 401,
      code: AUTH_ERRORS.INVALID_CREDENTIALS.code,
      message: AUTH_ERRORS.INVALID_CREDENTIALS.message,
    };
    await expect(setup().service.login({ email: 'nobody@example.com', password: PASSWORD })).rejects.toMatchObject(
      refused,
    );
    await expect(
      setup({ stored: account() }).service.login({ email: 'ana@example.com', password: 'not the password' }),
    ).rejects.toMatchObject(refused);
  });

  it('tells of a suspension only to the holder of the right password', async () => {
    const suspended = account({ suspendedAt: new Date() });
    await expect(
      setup({ stored: suspended }).service.login({ email: 'ana@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({ code: AUTH_ERRORS.SUSPENDED.code });
    await expect(
      setup({ stored: suspended }).service.login({ email: 'ana@example.com', password: 'not the password' }),
    ).rejects.toMatchObject({ code: AUTH_ERRORS.INVALID_CREDENTIALS.code });
    expect(
      (await setup({ stored: account() }).service.login({ email: 'ana@example.com', password: PASSWORD })).user.id,
    ).toBe(ME);
  });
});

describe('UsersService: only the account itself', () => {
  it('refuses to change or delete another account (403), changing nothing', async () => {
    const { service, users, published } = setup();
    await expect(service.savePhotos(me, OTHER, [])).rejects.toMatchObject({
      status: 403,
      code: AUTH_ERRORS.FORBIDDEN.code,
    });
    await expect(service.deleteAccount(me, OTHER)).rejects.toMatchObject({
      status: 403,
      code: AUTH_ERRORS.FORBIDDEN.code,
    });
    expect(users.update).not.toHaveBeenCalled();
    expect(users.delete).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it("refuses photo paths of another account's (403)", async () => {
    const { service, users } = setup();
    await expect(service.savePhotos(me, ME, [userImagePath(OTHER, 'a.jpg')])).rejects.toMatchObject({
      status: 403,
      code: AUTH_ERRORS.FORBIDDEN.code,
    });
    await expect(
      service.updateProfile(me, { age: 30, bio: 'hi', images: [userImagePath(OTHER, 'a.jpg')] }),
    ).rejects.toMatchObject({ status: 403 });
    expect(users.update).not.toHaveBeenCalled();
  });

  it('deletes the own account with user-deleted, and answers 401 for an account already gone', async () => {
    const mine = setup();
    await mine.service.deleteAccount(me, ME);
    expect(mine.published).toEqual(['identity.user-deleted']);
    const gone = setup({ deletes: false });
    await expect(gone.service.deleteAccount(me, ME)).rejects.toMatchObject({
      status: 401,
      code: AUTH_ERRORS.UNAUTHENTICATED.code,
    });
    expect(gone.published).toEqual([]);
  });
});
