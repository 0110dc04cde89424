import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type Block } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /api/blocks: both members vanish from each other's decks, discovery, invites and conversations. */
export function blockMember(userId: string): Promise<Block> {
  return callApi(api.safety.block, { body: { userId } });
}

/**
 * Blocks a member, then reads again what showed him: `invalidates` are the first key segments of
 * those reads (conversations, available events, invites, potential matches), given by the app,
 * which knows the features that own them. `onBlocked` runs after the reads, and `onError` on a
 * failure, even when the screen that asked has gone meanwhile (a refreshed list can remove it).
 */
export function useBlockMember(
  invalidates: readonly QueryKey[],
  handlers: { onBlocked?: () => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => blockMember(userId),
    onSuccess: async () => {
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      handlers.onBlocked?.();
    },
    onError: (error) => handlers.onError?.(error),
  });
}

/** GET /api/blocks: the members the signed-in member blocked, newest first. */
export function getBlocksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['blocks', userId] as const,
    queryFn: ({ signal }) => callApi(api.safety.blocks, {}, { signal }),
  });
}

export function useBlocks(userId: string) {
  return useQuery(getBlocksQueryOptions(userId));
}

/** DELETE /api/blocks/{userId}: the member comes back in decks, discovery, invites and conversations. */
export function useUnblockMember(userId: string, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockedUserId: string) => callApi(api.safety.unblock, { params: { userId: blockedUserId } }),
    onSuccess: async () => {
      await Promise.all(
        [getBlocksQueryOptions(userId).queryKey, ...invalidates].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
