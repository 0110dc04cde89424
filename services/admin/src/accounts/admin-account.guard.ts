import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_ERRORS } from '@luxe/contracts';
import { type Actor, AppError } from '@luxe/platform/http';

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
  constructor(private readonly ds: DataSource) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const actor = ctx.switchToHttp().getRequest<{ actor?: Actor }>().actor;
    if (actor?.role !== 'admin') return true; // sign-in, or a member: the routes' own checks answer
    const rows: unknown[] = actor.userId && UUID.test(actor.userId) ? await this.ds.query(`SELECT 1 FROM admin_accounts WHERE id = $1`, [actor.userId]) : [];
    if (rows.length === 0) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    return true;
  }
}
