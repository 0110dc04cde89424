import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SERVER_ERRORS, type AuthResult, type LoginDto, type PublicUser, type RegisterDto } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, REDIS, requireMember, SessionStore } from '@luxe/platform/http';
import type Redis from 'ioredis';
import type { User } from './user.entity';
import { EmailTakenError, UsersErrors } from './user.errors';
import { toPublicUser, UsersRepository } from './user.repository';
import { hashPassword, verifyPassword } from './password';

/** Accounts and sessions: registration, sign-in and -out, the current user. */
@Injectable()
export class UsersService {
  private readonly sessions: SessionStore;
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
    @Inject(REDIS) redis: Redis,
  ) {
    this.sessions = new SessionStore(redis);
  }

  /** Creates the account and publishes `user-registered` in the same transaction, then opens a session. */
  async register(dto: RegisterDto): Promise<AuthResult> {
    if (await this.users.existsByEmail(dto.email)) throw UsersErrors.emailTaken();
    const passwordHash = await hashPassword(dto.password);
    let user: User;
    try {
      user = await this.ds.transaction(async (m) => {
        const inserted = await this.users.insert(m, {
          id: randomUUID(),
          email: dto.email,
          passwordHash,
          phoneNumber: dto.phoneNumber ?? null,
          firstName: dto.firstName,
          lastName: dto.lastName,
          userType: dto.userType,
          city: dto.city,
          state: dto.state,
        });
        await this.outbox.add(m, 'identity.user-registered', inserted.id, {
          userId: inserted.id,
          email: inserted.email,
          firstName: inserted.firstName,
          lastName: inserted.lastName,
          userType: inserted.userType,
          city: inserted.city,
          state: inserted.state,
          profileImages: inserted.profileImages ?? [],
          registeredAt: new Date(inserted.createdAt).toISOString(),
        });
        return inserted;
      });
    } catch (e) {
      if (e instanceof EmailTakenError) throw UsersErrors.emailTaken();
      throw e;
    }
    return { user: toPublicUser(user), sessionToken: await this.openSession(user) };
  }

  /** One generic answer for an unknown email and a wrong password. */
  async login(dto: LoginDto): Promise<AuthResult> {
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw UsersErrors.invalidCredentials();
    return { user: toPublicUser(user), sessionToken: await this.openSession(user) };
  }

  /** Ends the caller's session; without one there is nothing to do. */
  async logout(actor: Actor): Promise<void> {
    try {
      await this.sessions.destroyById(actor.sessionId);
    } catch {
      throw AppError.of(SERVER_ERRORS.UNAVAILABLE);
    }
  }

  async me(actor: Actor): Promise<PublicUser> {
    requireMember(actor);
    const user = await this.users.findById(actor.userId);
    if (!user) throw UsersErrors.unauthenticated();
    return toPublicUser(user);
  }

  /** A session in Redis; if Redis is down the caller gets 503, not a raw 500. */
  private async openSession(user: User): Promise<string> {
    try {
      return (await this.sessions.create(user.id, user.userType)).token;
    } catch {
      throw AppError.of(SERVER_ERRORS.UNAVAILABLE);
    }
  }
}
