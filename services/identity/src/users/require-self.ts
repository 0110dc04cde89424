import { AUTH_ERRORS } from '@luxe/contracts';
import { Actor, AppError, requireMember } from '@luxe/platform/http';

/** Only the account itself: the session's user, never an id the browser sent (403 otherwise). */
export function requireSelf(actor: Actor, userId: string): asserts actor is Actor & { userId: string } {
  requireMember(actor);
  if (actor.userId !== userId) throw AppError.of(AUTH_ERRORS.FORBIDDEN);
}
