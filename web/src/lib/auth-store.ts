import { useSyncExternalStore } from 'react';
import type { PublicUser } from '@luxe/contracts';
import { local, session, STORAGE_KEYS } from './storage';

/** The user as kept in the browser: the API's user plus client-side extras (docs/product.md#conventions-server). */
export type StoredUser = PublicUser & { isNewUser?: boolean; profilePic?: string | null };

/** Why the stored user went away: the user logged out, or the server said the session ended. */
export type SignOutReason = 'logout' | 'expired' | 'deleted';

type Listener = () => void;
const listeners = new Set<Listener>();
let signOutReason: SignOutReason | null = null;

function emit() {
  for (const l of listeners) l();
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredUser).id === 'string' &&
    typeof (value as StoredUser).firstName === 'string' &&
    typeof (value as StoredUser).userType === 'string'
  );
}

let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

/** The current user held in local storage; signed-in means this is not null (docs/product.md#conventions-server). */
export function getCurrentUser(): StoredUser | null {
  const raw = local.get(STORAGE_KEYS.currentUser);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  let parsed: unknown = null;
  try {
    parsed = raw === null ? null : JSON.parse(raw);
  } catch {
    parsed = null;
  }
  cachedUser = isStoredUser(parsed) ? parsed : null;
  return cachedUser;
}

export function setCurrentUser(user: StoredUser): void {
  const raw = JSON.stringify(user);
  signOutReason = null;
  if (raw === local.get(STORAGE_KEYS.currentUser) && local.get(STORAGE_KEYS.currentUserId) === user.id) return;
  local.set(STORAGE_KEYS.currentUser, raw);
  local.set(STORAGE_KEYS.currentUserId, user.id);
  emit();
}

/**
 * Refresh the stored user from the server's copy, keeping client-side extras
 * (isNewUser, profilePic) when it is the same account.
 */
export function refreshCurrentUser(server: PublicUser): void {
  const stored = getCurrentUser();
  setCurrentUser(stored && stored.id === server.id ? { ...stored, ...server } : server);
}

export function clearCurrentUser(reason: SignOutReason): void {
  signOutReason = reason;
  local.remove(STORAGE_KEYS.currentUser);
  local.remove(STORAGE_KEYS.currentUserId);
  emit();
}

/**
 * After the account was deleted: everything the browser kept for it goes (user, last tab,
 * remembered path, sign-up draft, admin token), and protected pages send the visitor home.
 */
export function forgetDeletedAccount(): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    local.remove(key);
    session.remove(key);
  }
  clearCurrentUser('deleted');
}

/** Why the last sign-out happened in this page session (null once someone signs in). */
export function getSignOutReason(): SignOutReason | null {
  return signOutReason;
}

/** Why the admin token went away: the admin signed out, or the token expired or was refused (401). */
export type AdminSignOutReason = 'logout' | 'expired';
let adminSignOutReason: AdminSignOutReason | null = null;

function adminTokenExpiry(): number | null {
  const raw = local.get(STORAGE_KEYS.adminTokenExpiresAt);
  if (raw === null) return null;
  const at = Date.parse(raw);
  // An unreadable expiry is treated as passed: the admin signs in again.
  return Number.isNaN(at) ? 0 : at;
}

/**
 * The stored admin token (docs/product.md#admin), or null when there is none or its stored expiry
 * has passed: an expired token counts as absent. A token without a stored expiry is kept until the
 * server refuses it (401).
 */
export function getAdminToken(): string | null {
  const token = local.get(STORAGE_KEYS.adminToken) || null;
  if (!token) return null;
  const expiry = adminTokenExpiry();
  return expiry !== null && expiry <= Date.now() ? null : token;
}

/** When the stored admin token expires (ms since epoch), or null when none is stored or known. */
export function getAdminTokenExpiry(): number | null {
  return local.get(STORAGE_KEYS.adminToken) ? adminTokenExpiry() : null;
}

/** Keep the token of a successful admin sign-in and its expiry. */
export function setAdminSession({ token, expiresAt }: { token: string; expiresAt: string }): void {
  adminSignOutReason = null;
  local.set(STORAGE_KEYS.adminToken, token);
  local.set(STORAGE_KEYS.adminTokenExpiresAt, expiresAt);
  emit();
}

/** Forget the admin token (sign-out, or the server refused it); the /admin guard then sends the browser to /admin-login. */
export function clearAdminToken(reason: AdminSignOutReason = 'logout'): void {
  // A second 401 of the same burst finds nothing to clear and keeps the first reason.
  if (!local.get(STORAGE_KEYS.adminToken) && adminSignOutReason) return;
  adminSignOutReason = reason;
  local.remove(STORAGE_KEYS.adminToken);
  local.remove(STORAGE_KEYS.adminTokenExpiresAt);
  emit();
}

/**
 * Why the admin is signed out in this page session: 'expired' also when a stored token's expiry
 * has passed. Null when nothing happened (or someone signed in since).
 */
export function getAdminSignOutReason(): AdminSignOutReason | null {
  if (adminSignOutReason) return adminSignOutReason;
  return local.get(STORAGE_KEYS.adminToken) && !getAdminToken() ? 'expired' : null;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    // Another tab signed in or out.
    if (
      e.key === null ||
      e.key === STORAGE_KEYS.currentUser ||
      e.key === STORAGE_KEYS.adminToken ||
      e.key === STORAGE_KEYS.adminTokenExpiresAt
    )
      listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, getCurrentUser, () => null);
}

export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}

/** Remember where a visitor wanted to go before being sent to /login. */
export function rememberRedirectAfterLogin(path: string): void {
  local.set(STORAGE_KEYS.redirectAfterLogin, path);
}

export function clearRedirectAfterLogin(): void {
  local.remove(STORAGE_KEYS.redirectAfterLogin);
}

/** Only same-origin absolute paths are honoured, so a stored value cannot send the user off-site. */
function isSafePath(path: string | null): path is string {
  return !!path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function readRedirectAfterLogin(): string | null {
  const path = local.get(STORAGE_KEYS.redirectAfterLogin);
  return isSafePath(path) ? path : null;
}

/** Home of a signed-in user (docs/product.md#accounts-routes): venue owners have their own dashboard. */
export function homePathFor(user: Pick<PublicUser, 'userType'>): string {
  return user.userType === 'venue' ? '/venue-dashboard' : '/dashboard';
}

/** Where a user goes right after signing in: the remembered path, else their home. */
export function postLoginPath(user: Pick<PublicUser, 'userType'>): string {
  return readRedirectAfterLogin() ?? homePathFor(user);
}
