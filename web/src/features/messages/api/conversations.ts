import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type Conversation, type Message } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

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

/** GET /api/conversations/{id}/messages: one thread, oldest first (every message: no `limit`). */
export function getMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
  return callApi(api.conversations.messages, { params: { id: conversationId }, query: {} }, { signal });
}

export function getMessagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: ['conversations', 'messages', conversationId] as const,
    queryFn: ({ signal }) => getMessages(conversationId, signal),
  });
}

export function useMessages(conversationId: string) {
  return useQuery(getMessagesQueryOptions(conversationId));
}

/**
 * Marks one conversation's thread and the member's list stale, so whatever is on screen is read
 * again (data is never stale by itself and nothing polls, docs/product.md#conventions-feedback).
 *
 * Real-time push: when the message-sent event reaches this browser (it names the recipient and
 * the conversation), call `refreshConversation(queryClient, currentUserId, event.conversationId)`.
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

/** Marks read, then refreshes the list (and the thread, which may hold the unread messages). */
export function useMarkConversationRead(userId: string) {
  const refresh = useRefreshConversation(userId);
  return useMutation({
    mutationFn: (conversationId: string) => markConversationRead(conversationId),
    onSuccess: (_answer, conversationId) => refresh(conversationId),
  });
}
