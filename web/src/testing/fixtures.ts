import type { PublicUser } from '@luxe/contracts';
import type { StoredUser } from '../lib/auth-store';
import { STORAGE_KEYS } from '../lib/storage';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c',
    email: 'ava@example.com',
    firstName: 'Ava',
    lastName: 'Sterling',
    userType: 'host',
    city: 'Miami',
    state: 'Florida',
    phoneNumber: null,
    age: null,
    bio: null,
    profileImages: [],
    gender: null,
    profileCompleted: 'false',
    emailVerified: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Put a signed-in user in local storage, as the app does after login. */
export function storeUser(user: StoredUser): void {
  window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(user));
  window.localStorage.setItem(STORAGE_KEYS.currentUserId, user.id);
}

export function storedUser(): StoredUser | null {
  const raw = window.localStorage.getItem(STORAGE_KEYS.currentUser);
  return raw ? (JSON.parse(raw) as StoredUser) : null;
}

/** A signed-in member: stored in the browser and known to the server's /api/auth/me. */
export async function signIn(user: StoredUser): Promise<void> {
  const { server } = await import('./server');
  const { http, HttpResponse } = await import('msw');
  storeUser(user);
  const { isNewUser: _n, profilePic: _p, ...publicUser } = user;
  server.use(http.get('/api/auth/me', () => HttpResponse.json(publicUser)));
}
