import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AUTH_ERRORS } from '@luxe/contracts';
import { type Actor, AppError } from '@luxe/platform/http';
import { AdminAccountRepository } from './admin-account.repository';

/**
 * Revocation of the admin console's bearer tokens: an admin call goes through only while the
 * account its token names still exists. The gateway signs the tokens and keeps no state, so
 * before this a removed admin kept every power until the token expired (15 minutes). Every
 * admin route is served here, next to the accounts: one primary-key read per call (console
 * traffic) revokes at once on every gateway, with no revocation list, event or cache to keep.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class AdminAccountGuard implements CanActivate {
  constructor(private readonly accounts: AdminAccountRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const actor = ctx.switchToHttp().getRequest<{ actor?: Actor }>().actor;
    if (actor?.role !== 'admin') return true; // sign-in, or a member: the routes' own checks answer
    const exists = !!actor.userId && UUID.test(actor.userId) && (await this.accounts.exists(actor.userId));
    if (!exists) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    return true;
  }
}
