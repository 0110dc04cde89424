import { useEffect } from 'react';
import { useMe } from '../api/me';
import { clearCurrentUser, getCurrentUser, refreshCurrentUser } from '../lib/auth-store';
import { useAfterFirstPaint } from '../lib/first-paint';

/**
 * On app start, ask the server who is signed in (GET /api/auth/me, 401 → null).
 * The server session is the truth: no session while a user is stored means the session
 * ended, so the stored user is forgotten; a user refreshes the stored copy. The request waits for
 * the first paint: the page shows from the stored user (or none) at once, the check follows.
 */
export function SessionSync() {
  const me = useMe({ enabled: useAfterFirstPaint() });
  useEffect(() => {
    if (!me.isSuccess) return;
    if (me.data === null) {
      if (getCurrentUser()) clearCurrentUser('expired');
    } else {
      refreshCurrentUser(me.data);
    }
  }, [me.isSuccess, me.data]);
  return null;
}
