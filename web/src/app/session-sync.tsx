import { useEffect } from 'react';
import { useMe } from '../features/auth/api/me';
import { clearCurrentUser, getCurrentUser, refreshCurrentUser } from '../lib/auth-store';

/**
 * On app start, ask the server who is signed in (GET /api/auth/me, 401 → null).
 * The server session is the truth: no session while a user is stored means the session
 * ended, so the stored user is forgotten; a user refreshes the stored copy.
 */
export function SessionSync() {
  const me = useMe();
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
