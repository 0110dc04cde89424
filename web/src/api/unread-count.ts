import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { callApi } from '../lib/api-client';
import { NOTIFICATIONS_KEY } from './query-keys';

/** GET /api/notifications/unread-count: the bell's badge. */
export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'] as const,
    queryFn: ({ signal }) => callApi(api.notifications.unreadCount, {}, { signal }),
  });
}

export function useUnreadCount(enabled = true) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled });
}
