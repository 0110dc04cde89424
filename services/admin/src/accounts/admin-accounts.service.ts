import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ADMIN_ERRORS, AUTH_ERRORS, type Admin } from '@luxe/contracts';
import { Actor, AppError, hashPassword, verifyPassword } from '@luxe/platform/http';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { toAdmin } from './admin-account.mapper';
import { AdminAccountRepository } from './admin-account.repository';
import type { AdminSettings } from './admin.settings';

/** The caller of an admin route: the gateway put there the admin its bearer token names. */
export function requireAdmin(actor: Actor): asserts actor is Actor & { userId: string } {
  if (actor.role !== 'admin' || !actor.userId) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
}

/** Admin accounts: the password check of sign-in (the gateway signs the token), and the first account from the environment. */
@Injectable()
export class AdminAccountsService implements OnApplicationBootstrap {
  constructor(
    private readonly accounts: AdminAccountRepository,
    @Inject(SERVICE_SETTINGS) private readonly settings: AdminSettings,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.ADMIN_EMAIL && this.settings.ADMIN_PASSWORD) {
      const created = await this.ensure(
        this.settings.ADMIN_EMAIL,
        this.settings.ADMIN_PASSWORD,
        this.settings.ADMIN_NAME,
      );
      if (created) this.logger.info({ email: this.settings.ADMIN_EMAIL }, 'admin account created from ADMIN_EMAIL');
    }
  }

  /** Creates the account unless one has this email; true when created. */
  async ensure(email: string, password: string, name: string): Promise<boolean> {
    if (await this.accounts.byEmail(email)) return false;
    const passwordHash = await hashPassword(password);
    return this.accounts.insertIfAbsent({ id: randomUUID(), email: email.trim().toLowerCase(), passwordHash, name });
  }

  /** Sign-in: the same answer (and the same work) for an unknown email and a wrong password. */
  async login(email: string, password: string): Promise<{ admin: Admin }> {
    const a = await this.accounts.byEmail(email);
    if (!(await verifyPassword(a?.passwordHash ?? null, password)) || !a)
      throw AppError.of(ADMIN_ERRORS.INVALID_CREDENTIALS);
    return { admin: toAdmin(a) };
  }

  async session(actor: Actor): Promise<Admin> {
    requireAdmin(actor);
    const a = await this.accounts.byId(actor.userId);
    if (!a) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED); // removed since the token was issued
    return toAdmin(a);
  }
}
