import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EmailPreferences, type EmailPreferencesInput, type NotificationPage } from '@luxe/contracts';
import { NOTIFICATIONS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';

/** The notifications feature's keys (all under NOTIFICATIONS_KEY, so a push refreshes them). */
export const notificationKeys = {
  page: (page: number) => [...NOTIFICATIONS_KEY, 'page', page] as const,
  preferences: [...NOTIFICATIONS_KEY, 'preferences'] as const,
};

/** GET /api/notifications?page=: the member's own, newest first. */
export function getNotificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: ({ signal }): Promise<NotificationPage> =>
      callApi(api.notifications.list, { query: { page, pageSize: 20 } }, { signal }),
  });
}

export function useNotifications(page: number) {
  return useQuery(getNotificationsQueryOptions(page));
}

/** Marks one read (opening it) or all read, then reads the lists and the badge again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.notifications.read, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(api.notifications.readAll, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** GET/PUT /api/notifications/preferences: which kinds of email the member receives. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }): Promise<EmailPreferences> => callApi(api.notifications.preferences, {}, { signal }),
  });
}

export function useSetEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EmailPreferencesInput) => callApi(api.notifications.setPreferences, { body: changes }),
    onSuccess: (prefs) => queryClient.setQueryData(notificationKeys.preferences, prefs),
  });
}
