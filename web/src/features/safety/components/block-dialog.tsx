import type { QueryKey } from '@tanstack/react-query';
import { SAFETY_MESSAGES } from '@luxe/contracts';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { useBlockMember } from '../api/block';

export const BLOCK_FAILED = 'Failed to block';

/**
 * 'Block {firstName}?': they and the member disappear from each other's decks, discovery, invites
 * and conversations. Success toasts 'Blocked' and calls `onBlocked` once what showed them has been
 * read again; a failure toasts the server's message, else 'Failed to block'.
 */
export function BlockDialog({
  member,
  invalidates,
  onBlocked,
  onClose,
}: {
  member: { id: string; firstName: string };
  invalidates: readonly QueryKey[];
  onBlocked?: () => void;
  onClose: () => void;
}) {
  const block = useBlockMember(invalidates, {
    onBlocked: () => {
      toast({
        title: SAFETY_MESSAGES.blocked,
        description: `You will no longer see ${member.firstName}, and ${member.firstName} will no longer see you.`,
      });
      onClose();
      onBlocked?.();
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, BLOCK_FAILED), variant: 'destructive' }),
  });
  const confirm = () => block.mutate(member.id);
  return (
    <ConfirmDialog
      title={`Block ${member.firstName}?`}
      message={`You and ${member.firstName} will disappear from each other's decks, discovery, invites and conversations.`}
      confirmLabel="Block"
      pendingLabel="Blocking..."
      pending={block.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
