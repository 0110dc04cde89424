import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Conversation, type Message } from '@luxe/contracts';
import { callApi, callApiPage, pageQuery, type ApiPage } from '../../../lib/api-client';

/** GET /api/conversations/{userId}: the signed-in member's conversations, newest first. */
export function getConversations(userId: string, signal?: AbortSignal): Promise<Conversation[]> {
  return callApi(api.conversations.list, { params: { id: userId } }, { signal });
}

/** The key carries the user id (docs/product.md#conventions-server), so another account never sees a cached list. */
export function getConversationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['conversations', 'list', userId] as const,
    queryFn: ({ signal }) => getConversations(userId, signal),
  });
}

export function useConversations(userId: string) {
  return useQuery(getConversationsQueryOptions(userId));
}

/**
 * GET /api/conversations/{id}/messages?limit=: one page of a thread, the newest messages before
 * `cursor` (the first page: the newest ones), oldest first; its `nextCursor` names the older ones
 * before it (docs/architecture.md#paged-lists).
 */
export function getMessagesPage(
  conversationId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<Message[]>> {
  return callApiPage(
    api.conversations.messages,
    { params: { id: conversationId }, query: pageQuery(cursor) },
    { signal },
  );
}

/** A thread page by page: the newest page first, each next one older ("Load earlier messages"). */
export function getMessagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: ['conversations', 'messages', conversationId] as const,
    queryFn: ({ pageParam, signal }) => getMessagesPage(conversationId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMessages(conversationId: string) {
  return useInfiniteQuery(getMessagesQueryOptions(conversationId));
}

/** The messages of the pages read, oldest first (the pages come newest first, each oldest first). */
export function threadOf(data: InfiniteData<ApiPage<Message[]>> | undefined): Message[] | undefined {
  return data && [...data.pages].reverse().flatMap((p) => p.items);
}

/**
 * Adds a message that just came (pushed over the live channel, or sent) to the end of its thread
 * as read so far, unless it is there: the pages already read are not read again (a thread with
 * several pages open would be read page by page for each message). While a read of the thread is
 * on its way (after a send, or the first one), its answer may have been made before this message
 * existed and would replace the thread without it: the thread is read again instead (invalidating
 * cancels that read).
 */
export function appendMessage(queryClient: QueryClient, message: Message): void {
  const { queryKey } = getMessagesQueryOptions(message.conversationId);
  if (queryClient.getQueryState(queryKey)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
    return;
  }
  queryClient.setQueryData(queryKey, (data) => {
    if (!data?.pages[0] || data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
  });
}

/**
 * Marks one conversation's thread and the member's list stale, so whatever is on screen is read
 * again (data is never stale by itself and nothing polls, docs/product.md#conventions-feedback).
 * A thread is read again page by page, as many as were read.
 */
export function refreshConversation(
  queryClient: QueryClient,
  userId: string,
  conversationId: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getMessagesQueryOptions(conversationId).queryKey }),
    queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey }),
  ]);
}

/**
 * Real-time push: a message-sent event reached this browser (it names the recipient and carries
 * the message). The message joins the end of its thread if the thread was read, and the list
 * (order, preview, unread count) is read again.
 */
export function receiveMessage(queryClient: QueryClient, userId: string, message: Message): Promise<unknown> {
  appendMessage(queryClient, message);
  return queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey });
}

/** `refreshConversation` bound to the app's query client and the signed-in member. */
export function useRefreshConversation(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (conversationId: string) => refreshConversation(queryClient, userId, conversationId),
    [queryClient, userId],
  );
}

/** POST /api/conversations/{id}/messages: the sender is the session's user; the content is trimmed first. */
export function sendMessage(conversationId: string, content: string): Promise<Message> {
  return callApi(api.conversations.send, { params: { id: conversationId }, body: { content: content.trim() } });
}

/** Sends, then refreshes the thread and the list (docs/product.md#messaging-conversations). */
export function useSendMessage(
  userId: string,
  conversationId: string,
  opts: { onSuccess?: (m: Message) => void } = {},
) {
  const refresh = useRefreshConversation(userId);
  return useMutation({
    mutationFn: (content: string) => sendMessage(conversationId, content),
    onSuccess: async (message) => {
      opts.onSuccess?.(message);
      await refresh(conversationId);
    },
  });
}

/** POST /api/conversations/{id}/read: the other participant's messages are read by the caller. */
export function markConversationRead(conversationId: string): Promise<{ unreadCount: number }> {
  return callApi(api.conversations.read, { params: { id: conversationId } });
}

/**
 * Marks read, then reads the list again (its unread count). Not the thread: it does not show what
 * was read, and reading it again page by page after every message that came would cost a read per page.
 */
export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(conversationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getConversationsQueryOptions(userId).queryKey }),
  });
}
