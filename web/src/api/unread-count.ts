import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { callApi } from '../lib/api-client';

/**
 * Every notification query starts with this key: a push or a mark-read refreshes them all, the
 * header's bell (shown on every signed-in page) with them.
 */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** GET /api/notifications/unread-count: the bell's badge. */
export function getUnreadCountQueryOptions() {
  return queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'unread'] as const, queryFn: ({ signal }) => callApi(api.notifications.unreadCount, {}, { signal }) });
}

export function useUnreadCount(enabled = true) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled });
}
