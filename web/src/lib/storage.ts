/**
 * Browser storage keys (docs/product.md#conventions-server) and safe accessors.
 * Storage can throw (private mode, quota, disabled cookies), so every access is guarded.
 */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  currentUserId: 'currentUserId',
  lastActiveTab: 'lastActiveTab',
  redirectAfterLogin: 'redirectAfterLogin',
  adminToken: 'adminToken',
  /** When the stored admin token stops being valid (ISO time from POST /api/admin/login). */
  adminTokenExpiresAt: 'adminTokenExpiresAt',
  /** A visitor's unfinished section booking, restored once signed in (docs/product.md#accounts-resume-booking). */
  guestBooking: 'guestBooking',
  /** Sign-up draft. Kept in sessionStorage because it holds the password. */
  signupData: 'signup-data',
  /** The yacht booking waiting for its payment (docs/product.md#booking-yachts). */
  pendingBooking: 'pendingBooking',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function safe(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function accessor(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: StorageKey): string | null {
      try {
        return safe(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: StorageKey, value: string): void {
      try {
        safe(kind)?.setItem(key, value);
      } catch {
        /* storage full or unavailable: the app keeps working without persistence */
      }
    },
    remove(key: StorageKey): void {
      try {
        safe(kind)?.removeItem(key);
      } catch {
        /* unavailable */
      }
    },
    getJson<T>(key: StorageKey): T | null {
      const raw = this.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(key: StorageKey, value: unknown): void {
      this.set(key, JSON.stringify(value));
    },
  };
}

export const local = accessor('localStorage');
export const session = accessor('sessionStorage');
