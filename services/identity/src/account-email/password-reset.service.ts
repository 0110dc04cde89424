import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNT_EMAIL_MESSAGES, AUTH_ERRORS, PASSWORD_RESET_MINUTES, type PasswordResetDto } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { AppError, hashPassword, MeSnapshots, SessionStore } from '@luxe/platform/http';
import { LOGGER, type Logger } from '@luxe/platform/runtime';
import { UsersRepository } from '../users/user.repository';
import { AccountTokenRepository } from './account-token.repository';

/**
 * "Forgot your password" (docs/product.md#accounts-login): a link with a single-use token emailed to
 * the address when an account uses it (notifications sends it from `password-reset-requested`),
 * and the new password chosen with it, which ends every session of the account.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
    private readonly snapshots: MeSnapshots,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The same answer whether or not an account uses the email: the form must not tell who is a
   * member (the gateway limits requests per network and per address, for the same reason).
   */
  async request(email: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    if (user) {
      await this.ds.transaction(async (m) => {
        const { token, expiresAt } = await this.tokens.issue(m, user.id, 'password-reset', PASSWORD_RESET_MINUTES);
        await this.outbox.add(m, 'identity.password-reset-requested', user.id, {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          token,
          expiresAt: expiresAt.toISOString(),
        });
      });
    }
    return { message: ACCOUNT_EMAIL_MESSAGES.resetRequested };
  }

  /**
   * Spends the token and sets the new password in one transaction (a link works once, and every
   * older link of the account stops working), then ends every session: whoever was signed in
   * with the old password is signed out.
   */
  async reset(dto: PasswordResetDto): Promise<void> {
    const passwordHash = await hashPassword(dto.password);
    const userId = await this.ds.transaction(async (m) => {
      const owner = await this.tokens.spend(m, dto.token, 'password-reset');
      if (!owner) return null;
      await this.users.setPasswordHash(m, owner, passwordHash);
      await this.tokens.spendAll(m, owner, 'password-reset');
      return owner;
    });
    if (!userId) throw AppError.of(AUTH_ERRORS.RESET_TOKEN_INVALID);
    try {
      await this.sessions.destroyAllForUser(userId);
      await this.snapshots.drop(userId);
    } catch (err) {
      // The password is changed and the link spent: an error now would send the member back to a
      // dead link. Redis being down also refuses every session read, so nothing is open meanwhile;
      // the error log tells the operator which account's sessions to end.
      this.logger.error({ err, userId }, "password reset, but the account's sessions could not be ended now");
    }
  }
}
