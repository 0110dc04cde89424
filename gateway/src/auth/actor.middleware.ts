import { Actor, ANONYMOUS, SessionStore } from '@luxe/platform';

/** Resolves the session cookie to an actor on every request; the cookie is the only credential. */
export function actorMiddleware(sessions: SessionStore, cookieName: string) {
  return async (req: any, _res: any, next: (err?: unknown) => void) => {
    try {
      const token = req.cookies?.[cookieName];
      const s = token ? await sessions.get(token) : null;
      const actor: Actor = s ? { role: 'member', userId: s.userId, userType: s.userType, sessionId: s.id, ip: req.ip } : { ...ANONYMOUS, ip: req.ip };
      req.actor = actor;
      req.sessionToken = s ? token : undefined;
      next();
    } catch (err) {
      next(err);
    }
  };
}
