/** Every admin query key starts with this, so the login page can drop them all at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export type AdminList = 'users' | 'venues' | 'vip-rooms' | 'dancers' | 'reports' | 'audit-log';

/** The key every page of one admin list starts with (what a decision invalidates). */
export function adminListKey(list: AdminList) {
  return [...ADMIN_QUERY_KEY, list] as const;
}
