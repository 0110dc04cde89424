import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type Invite, type InviteInput } from '@luxe/contracts';
import { callApi, callApiPage, pageQuery, type ApiPage } from '../../../lib/api-client';

/** GET /api/invites/received: the signed-in member's received invites (every status), newest first. */
export function getReceivedInvites(signal?: AbortSignal): Promise<Invite[]> {
  return callApi(api.invites.received, { query: {} }, { signal });
}

/** The key carries the user id (docs/product.md#conventions-server), so another account never sees a cached list. */
export function getReceivedInvitesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['invites', 'received', userId] as const,
    queryFn: ({ signal }) => getReceivedInvites(signal),
  });
}

export function useReceivedInvites(userId: string) {
  return useQuery(getReceivedInvitesQueryOptions(userId));
}

/**
 * GET /api/invites/received?limit=&cursor=: one page of them, newest first, the next page's cursor
 * in `nextCursor` (docs/architecture.md#paged-lists).
 */
export function getReceivedInvitesPage(cursor: string | null, signal?: AbortSignal): Promise<ApiPage<Invite[]>> {
  return callApiPage(api.invites.received, { query: pageQuery(cursor) }, { signal });
}

/**
 * The received invites page by page, for the Received deck (the Home figure counts every one and
 * reads the whole list). Under the whole list's key: what makes that one stale makes this one too.
 */
export function getReceivedInvitePagesQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...getReceivedInvitesQueryOptions(userId).queryKey, 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getReceivedInvitesPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useReceivedInvitePages(userId: string) {
  return useInfiniteQuery(getReceivedInvitePagesQueryOptions(userId));
}

/** GET /api/invites/sent: the signed-in host's sent invites, newest first (every one: no `limit`). */
export function getSentInvites(signal?: AbortSignal): Promise<Invite[]> {
  return callApi(api.invites.sent, { query: {} }, { signal });
}

export function getSentInvitesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['invites', 'sent', userId] as const,
    queryFn: ({ signal }) => getSentInvites(signal),
  });
}

export function useSentInvites(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSentInvitesQueryOptions(userId), enabled });
}

/** POST /api/invites (hosts only; the host is the session's user). */
export function createInvite(input: InviteInput): Promise<Invite> {
  return callApi(api.invites.create, { body: input });
}

/** Sends an invite; the host's sent invites are read again whatever the outcome. */
export function useCreateInvite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSentInvitesQueryOptions(userId).queryKey }),
  });
}

export type InviteResponse = 'accept' | 'decline';

/** POST /api/invites/{id}/respond (the invited member only, once). */
export function respondToInvite(id: string, response: InviteResponse): Promise<Invite> {
  return callApi(api.invites.respond, { params: { id }, body: { response } });
}

/** Answers an invite; the received invites are read again whatever the outcome. */
export function useRespondToInvite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, response }: { id: string; response: InviteResponse }) => respondToInvite(id, response),
    onSettled: () => queryClient.invalidateQueries({ queryKey: getReceivedInvitesQueryOptions(userId).queryKey }),
  });
}
