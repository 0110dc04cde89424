import type { QueryKey } from '@tanstack/react-query';
import { SAFETY_MESSAGES } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { QueryError } from '../../../components/query-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { toast } from '../../../components/ui/toast';
import { VerifiedBadge } from '../../../components/verified-badge';
import { serverMessage } from '../../../lib/api-client';
import { useBlocks, useUnblockMember } from '../api/block';

export const UNBLOCK_FAILED = 'Failed to unblock';

/**
 * The Profile tab's list of blocked members, each with Unblock: the member comes back in decks,
 * discovery, invites and conversations (`invalidates`, given by the app, are those reads).
 */
export function BlockedMembers({ userId, invalidates }: { userId: string; invalidates: readonly QueryKey[] }) {
  const blocks = useBlocks(userId);
  const unblock = useUnblockMember(userId, invalidates);

  if (blocks.isPending) return <ListSkeleton label="Loading blocked members..." rows={2} />;
  if (blocks.isError)
    return <QueryError text="Unable to load blocked members." onRetry={() => void blocks.refetch()} />;
  if (blocks.data.length === 0) return <p className="text-sm text-neutral-300">You have not blocked anyone.</p>;
  return (
    <ul aria-label="Blocked members" className="flex flex-col divide-y divide-white/10">
      {blocks.data.map((b) => {
        const name = b.user ? `${b.user.firstName} ${b.user.lastName}`.trim() : 'A former member';
        const busy = unblock.isPending && unblock.variables === b.blockedUserId;
        return (
          <li key={b.blockedUserId} className="flex items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 truncate text-neutral-100">{name}</span>
              <VerifiedBadge verified={b.user?.verified} />
            </span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Unblock ${name}`}
              disabled={busy}
              onClick={() =>
                unblock.mutate(b.blockedUserId, {
                  onSuccess: () =>
                    toast({
                      title: SAFETY_MESSAGES.unblocked,
                      description: `${name} can see you again, and you can see ${b.user?.firstName ?? 'them'}.`,
                    }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Error',
                      description: serverMessage(error, UNBLOCK_FAILED),
                    }),
                })
              }
            >
              {busy ? 'Unblocking...' : 'Unblock'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
