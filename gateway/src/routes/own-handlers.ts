import type { MeSnapshots } from '@luxe/platform';
import { authHandlers, type CookieOptions } from '../auth/auth.handlers';
import type { AuthRateLimiter } from '../auth/rate-limit';
import { paymentHandlers } from '../payments/payment.handlers';
import type { GatewayHandler } from './pipeline';

/** Every handler the gateway owns, by contract entry id (the rest of the surface is forwarded). */
export function ownHandlers(limiter: AuthRateLimiter, cookie: CookieOptions, snapshots: MeSnapshots): Record<string, GatewayHandler> {
  return { ...authHandlers(limiter, cookie, snapshots), ...paymentHandlers() };
}
