import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS, AuthResult, LoginDto, PublicUser, RegisterDto } from '@luxe/contracts';
import { Actor, AppError, Errors, Outbox, REDIS, requireMember, SessionStore } from '@luxe/platform';
import type Redis from 'ioredis';
import { EmailTakenError, toPublicUser, UserRepository, UserRow } from './user.repository';
import { hashPassword, verifyPassword } from './password';

@Injectable()
export class AuthService {
  private readonly sessions: SessionStore;
  constructor(
    private readonly ds: DataSource,
    private readonly users: UserRepository,
    private readonly outbox: Outbox,
    @Inject(REDIS) redis: Redis,
  ) {
    this.sessions = new SessionStore(redis);
  }

  /** Creates the account and publishes `user-registered` in the same transaction, then opens a session. */
  async register(dto: RegisterDto): Promise<AuthResult> {
    if (await this.users.existsByEmail(dto.email)) throw emailTaken();
    const passwordHash = await hashPassword(dto.password);
    let row: UserRow;
    try {
      row = await this.ds.transaction(async (m) => {
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
          firstName: inserted.first_name,
          lastName: inserted.last_name,
          userType: inserted.user_type,
          city: inserted.city,
          state: inserted.state,
          profileImages: inserted.profile_images ?? [],
          registeredAt: new Date(inserted.created_at).toISOString(),
        });
        return inserted;
      });
    } catch (e) {
      if (e instanceof EmailTakenError) throw emailTaken();
      throw e;
    }
    const { token } = await this.sessions.create(row.id, row.user_type);
    return { user: toPublicUser(row), sessionToken: token };
  }

  /** One generic answer for an unknown email and a wrong password. */
  async login(dto: LoginDto): Promise<AuthResult> {
    const row = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(row?.password_hash ?? null, dto.password);
    if (!row || !ok) throw AppError.of(AUTH_ERRORS.INVALID_CREDENTIALS);
    const { token } = await this.sessions.create(row.id, row.user_type);
    return { user: toPublicUser(row), sessionToken: token };
  }

  /** Ends the caller's session; without one there is nothing to do. */
  async logout(actor: Actor): Promise<void> {
    await this.sessions.destroyById(actor.sessionId);
  }

  async me(actor: Actor): Promise<PublicUser> {
    requireMember(actor);
    const row = await this.users.findById(actor.userId);
    if (!row) throw Errors.unauthenticated();
    return toPublicUser(row);
  }
}

function emailTaken() {
  return AppError.of(AUTH_ERRORS.EMAIL_TAKEN);
}
