import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNT_EMAIL_MESSAGES, api, AUTH_ERRORS, EMAIL_VERIFICATION_HOURS } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, MeSnapshots, requireMember } from '@luxe/platform/http';
import { LOGGER, type Logger } from '@luxe/platform/runtime';
import { profileUpdated, toPublicUser, UsersRepository } from '../users/user.repository';
import { AccountTokenRepository } from './account-token.repository';

/**
 * Email verification (docs/product.md#accounts-verification): the link sent at sign-up (UsersService.register)
 * or again on the member's request; opening it marks the email verified, which the other services
 * learn from `user-profile-updated` (the badge). Nothing is refused to an unverified account.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly outbox: Outbox,
    private readonly snapshots: MeSnapshots,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Spends the token and marks the email verified, in one transaction. A link opened again (spent,
   * or one of several sent) of an account already verified answers the same success: the member
   * only wants to know his email is verified. Anything else: 400.
   */
  async verify(token: string): Promise<{ message: string }> {
    const user = await this.ds.transaction(async (m) => {
      const owner = await this.tokens.spend(m, token, 'email-verification');
      const verified = owner ? await this.users.markEmailVerified(m, owner) : null;
      if (verified) {
        await this.tokens.spendAll(m, owner!, 'email-verification');
        await this.outbox.add(m, 'identity.user-profile-updated', verified.id, profileUpdated(verified));
        return verified;
      }
      // A link of an account already verified (opened twice, or an older one) is fine; a spent or
      // expired link of an unverified account is not, and verifies nothing.
      const sentTo = owner ?? (await this.tokens.ownerOf(m, token, 'email-verification'));
      const current = sentTo ? await this.users.findById(sentTo) : null;
      return current?.emailVerifiedAt ? current : null;
    });
    if (!user) throw AppError.of(AUTH_ERRORS.VERIFY_TOKEN_INVALID);
    try {
      await this.snapshots.put(user.id, JSON.stringify(api.auth.me.response.parse(toPublicUser(user))));
    } catch (err) {
      // The snapshot expires by itself; /me reads identity meanwhile.
      this.logger.warn({ err, userId: user.id }, 'could not refresh the /me snapshot after the email was verified');
    }
    return { message: ACCOUNT_EMAIL_MESSAGES.verified };
  }

  /** A new link for the signed-in member (the gateway limits how often); nothing when he is verified already. */
  async resend(actor: Actor): Promise<{ message: string }> {
    requireMember(actor);
    const user = await this.users.findById(actor.userId);
    if (!user) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    if (user.emailVerifiedAt) return { message: ACCOUNT_EMAIL_MESSAGES.alreadyVerified };
    await this.ds.transaction(async (m) => {
      const { token, expiresAt } = await this.tokens.issue(
        m,
        user.id,
        'email-verification',
        EMAIL_VERIFICATION_HOURS * 60,
      );
      await this.outbox.add(m, 'identity.email-verification-requested', user.id, {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        token,
        expiresAt: expiresAt.toISOString(),
      });
    });
    return { message: ACCOUNT_EMAIL_MESSAGES.verificationSent };
  }
}
