import { api, REQUEST_ERRORS } from '@luxe/contracts';
import type { MeSnapshots } from '@luxe/platform';
import { authHandlers, type CookieOptions } from '../auth/auth.handlers';
import type { AuthRateLimiter } from '../auth/rate-limit';
import { paymentHandlers } from '../payments/payment.handlers';
import { splitHandlers } from '../payments/split.handlers';
import { adminHandlers } from '../admin/admin.handlers';
import type { AdminTokens } from '../admin/admin-tokens';
import type { GatewayHandler } from './pipeline';
import type { ImageOrigin } from '../web/static';

/** Every handler the gateway owns, by contract entry id (the rest of the surface is forwarded). */
export function ownHandlers(
  limiter: AuthRateLimiter,
  cookie: CookieOptions,
  snapshots: MeSnapshots,
  adminTokens: AdminTokens,
  imageOrigin?: ImageOrigin,
): Record<string, GatewayHandler> {
  return {
    ...authHandlers(limiter, cookie, snapshots, imageOrigin),
    ...adminHandlers(limiter, adminTokens),
    ...paymentHandlers(),
    ...splitHandlers(),
    // The real-time socket answers a plain GET (no upgrade) with 426.
    [api.realtime.connect.id]: async (ctx) => {
      const e = REQUEST_ERRORS.UPGRADE_REQUIRED;
      ctx.reply.code(e.status).header('upgrade', 'websocket');
      return { statusCode: e.status, code: e.code, message: e.message };
    },
  };
}
