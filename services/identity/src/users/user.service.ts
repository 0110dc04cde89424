import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  api,
  AUTH_ERRORS,
  EMAIL_VERIFICATION_HOURS,
  ownerOfImagePath,
  SERVER_ERRORS,
  type AuthResult,
  type LoginDto,
  type ProfileDto,
  type PublicUser,
  type RegisterDto,
} from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import type { EntityManager } from 'typeorm';
import {
  Actor,
  AppError,
  hashPassword,
  MeSnapshots,
  requireMember,
  SessionStore,
  verifyPassword,
} from '@luxe/platform/http';
import { LOGGER, type Logger } from '@luxe/platform/runtime';
import type { User } from './user.entity';
import { profileUpdated, toPublicUser, UsersRepository } from './user.repository';
import { AccountTokenRepository } from '../account-email/account-token.repository';
import { requireSelf } from './require-self';
import { PhotosService } from '../photos/photo.service';

/** Accounts and sessions: registration, sign-in and -out, the current user. */
@Injectable()
export class UsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
    private readonly snapshots: MeSnapshots,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly photos: PhotosService,
    private readonly tokens: AccountTokenRepository,
  ) {}

  /** Creates the account and publishes `user-registered` in the same transaction, then opens a session. */
  /**
   * `opts.id`: a fixed id (the demo accounts' seed); otherwise a new random one. `opts.verified`:
   * the demo accounts' addresses are not real mailboxes, so they start verified (no link is sent).
   */
  async register(dto: RegisterDto, opts: { id?: string; verified?: boolean } = {}): Promise<AuthResult> {
    if (await this.users.existsByEmail(dto.email)) throw AppError.of(AUTH_ERRORS.EMAIL_TAKEN);
    const passwordHash = await hashPassword(dto.password);
    const user = await this.ds.transaction(async (m) => {
      const inserted = await this.users.insert(m, {
        id: opts.id ?? randomUUID(),
        email: dto.email,
        passwordHash,
        phoneNumber: dto.phoneNumber ?? null,
        firstName: dto.firstName,
        lastName: dto.lastName,
        userType: dto.userType,
        city: dto.city,
        state: dto.state,
        gender: dto.gender ?? null,
        emailVerifiedAt: opts.verified ? new Date() : null,
      });
      // A concurrent registration of the same email won (the unique index refused this one).
      if (!inserted) throw AppError.of(AUTH_ERRORS.EMAIL_TAKEN);
      await this.outbox.add(m, 'identity.user-registered', inserted.id, {
        userId: inserted.id,
        email: inserted.email,
        firstName: inserted.firstName,
        lastName: inserted.lastName,
        userType: inserted.userType,
        city: inserted.city,
        state: inserted.state,
        gender: inserted.gender ?? null,
        profileImages: inserted.profileImages ?? [],
        emailVerified: inserted.emailVerifiedAt != null,
        registeredAt: new Date(inserted.createdAt).toISOString(),
      });
      // The verification link (docs/product.md#accounts-verification),
      // in the same transaction: every new account gets one.
      if (inserted.emailVerifiedAt) return inserted;
      const { token, expiresAt } = await this.tokens.issue(
        m,
        inserted.id,
        'email-verification',
        EMAIL_VERIFICATION_HOURS * 60,
      );
      await this.outbox.add(m, 'identity.email-verification-requested', inserted.id, {
        userId: inserted.id,
        email: inserted.email,
        firstName: inserted.firstName,
        token,
        expiresAt: expiresAt.toISOString(),
      });
      return inserted;
    });
    return { user: toPublicUser(user), sessionToken: await this.openSession(user) };
  }

  /** One generic answer for an unknown email and a wrong password. */
  async login(dto: LoginDto): Promise<AuthResult> {
    const user = await this.users.findByEmail(dto.email);
    const ok = await verifyPassword(user?.passwordHash ?? null, dto.password);
    if (!user || !ok) throw AppError.of(AUTH_ERRORS.INVALID_CREDENTIALS);
    // Said only to the holder of the right password.
    if (user.suspendedAt) throw AppError.of(AUTH_ERRORS.SUSPENDED);
    return { user: toPublicUser(user), sessionToken: await this.openSession(user) };
  }

  /**
   * An admin's suspension (`admin.user-suspended` / `user-reinstated`), in the consumer's
   * transaction: sign-in is refused while it lasts and the member's sessions end at once.
   */
  async setSuspended(m: EntityManager, userId: string, suspended: boolean): Promise<void> {
    await this.users.setSuspendedAt(m, userId, suspended ? new Date() : null);
    if (!suspended) return;
    await this.sessions.destroyAllForUser(userId);
    await this.snapshots.drop(userId);
  }

  /** Ends the caller's session; without one there is nothing to do. */
  async logout(actor: Actor): Promise<void> {
    try {
      await this.sessions.destroyById(actor.sessionId);
    } catch (err) {
      this.logger.error({ err }, 'a session could not be ended');
      throw AppError.of(SERVER_ERRORS.UNAVAILABLE);
    }
  }

  async me(actor: Actor): Promise<PublicUser> {
    requireMember(actor);
    const user = await this.users.findById(actor.userId);
    if (!user) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    const view = toPublicUser(user);
    await this.keepSnapshot(view, 'fill');
    return view;
  }

  /** Saves age and bio (and the photos when given); the profile counts as completed from then on. */
  async updateProfile(actor: Actor, dto: ProfileDto): Promise<PublicUser> {
    requireMember(actor);
    if (dto.images) this.requireOwnPhotos(actor.userId, dto.images);
    const changes = {
      age: dto.age,
      bio: dto.bio,
      profileCompleted: 'true',
      ...(dto.images ? { profileImages: dto.images } : {}),
    };
    return this.changeProfile(actor.userId, changes);
  }

  /** Saves the photo list of the caller's own account (the first is the main photo). */
  async savePhotos(actor: Actor, userId: string, profileImages: string[]): Promise<PublicUser> {
    requireSelf(actor, userId);
    this.requireOwnPhotos(userId, profileImages);
    return this.changeProfile(userId, { profileImages });
  }

  /**
   * Deletes the caller's own account and publishes `user-deleted` in the same transaction (every
   * service erases what it holds on it), then ends all its sessions.
   */
  async deleteAccount(actor: Actor, userId: string): Promise<void> {
    requireSelf(actor, userId);
    const deleted = await this.ds.transaction(async (m) => {
      if (!(await this.users.delete(m, userId))) return false;
      // The account's emailed links (their tokens, his address) go with him, sent or not: the relay
      // forgets an ended aggregate's own stream only, and these travel on identity.account-email.
      await this.tokens.forgetEvents(m, userId);
      await this.outbox.add(m, 'identity.user-deleted', userId, { userId, deletedAt: new Date().toISOString() });
      return true;
    });
    if (!deleted) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    try {
      await this.sessions.destroyAllForUser(userId);
      await this.snapshots.drop(userId);
    } catch (err) {
      // The account is gone; a session left behind resolves to no user and is refused (401).
      this.logger.warn({ err, userId }, 'account deleted, but its sessions could not be removed now');
    }
    try {
      await this.photos.eraseUser(userId);
    } catch (err) {
      this.logger.error({ err, userId }, 'account deleted, but its photos could not be removed now');
    }
  }

  private async changeProfile(userId: string, changes: Parameters<UsersRepository['update']>[2]): Promise<PublicUser> {
    const user = await this.ds.transaction(async (m) => {
      const u = await this.users.update(m, userId, changes);
      if (!u) return null;
      await this.publishProfile(m, u);
      return u;
    });
    if (!user) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    const view = toPublicUser(user);
    await this.keepSnapshot(view, 'put');
    return view;
  }

  /**
   * The user's `/api/auth/me` view for the gateway (MeSnapshots). Redis being down does not fail
   * the change: the entry expires, and the session read fails first anyway.
   */
  private async keepSnapshot(view: PublicUser, how: 'put' | 'fill'): Promise<void> {
    try {
      await this.snapshots[how](view.id, JSON.stringify(api.auth.me.response.parse(view)));
    } catch (err) {
      this.logger.warn({ err, userId: view.id }, 'could not keep the /me snapshot');
    }
  }

  private publishProfile(m: EntityManager, u: User) {
    return this.outbox.add(m, 'identity.user-profile-updated', u.id, profileUpdated(u));
  }

  /** A photo path must be one of this account's own (`/api/images/users/{id}/...`). */
  private requireOwnPhotos(userId: string, paths: string[]): void {
    if (paths.some((p) => ownerOfImagePath(p) !== userId)) throw AppError.of(AUTH_ERRORS.FORBIDDEN);
  }

  /**
   * A session in Redis; if Redis is down (or refuses writes) the caller gets 503, not a raw 500,
   * and the log keeps the cause, which the 503 does not tell.
   */
  private async openSession(user: User): Promise<string> {
    try {
      const { token } = await this.sessions.create(user.id, user.userType);
      await this.snapshots.put(user.id, JSON.stringify(api.auth.me.response.parse(toPublicUser(user))));
      return token;
    } catch (err) {
      this.logger.error({ err, userId: user.id }, 'a session could not be opened');
      throw AppError.of(SERVER_ERRORS.UNAVAILABLE);
    }
  }
}
