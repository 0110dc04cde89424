import { api, type Admin, type AdminLoginResult } from '@luxe/contracts';
import { AppError } from '@luxe/platform';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { GatewayHandler } from '../routes/pipeline';
import type { AdminTokens } from './admin-tokens';

/**
 * Admin sign-in: the admin service checks the password, the gateway signs the short-lived bearer
 * token (only the gateway holds its secret) and keeps the per-account attempt limit.
 */
export function adminHandlers(limiter: AuthRateLimiter, tokens: AdminTokens): Record<string, GatewayHandler> {
  return {
    [api.admin.login.id]: async (ctx): Promise<AdminLoginResult> => {
      const { email } = ctx.body as { email: string };
      const ticket = await limiter.beginLogin(`admin:${email}`, ctx.actor.ip);
      let admin: Admin;
      try {
        admin = (await ctx.forwardJson<{ admin: Admin }>()).admin;
      } catch (e) {
        if (!(e instanceof AppError && e.status === 401)) await ticket.abandoned();
        throw e;
      }
      await ticket.succeeded();
      return { ...(await tokens.issue(admin)), admin };
    },
  };
}
