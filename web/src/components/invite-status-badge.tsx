import type { InviteStatus } from '@luxe/contracts';
import { cn } from '../lib/cn';

const LABELS: Record<InviteStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const STYLES: Record<InviteStatus, string> = {
  pending: 'border border-gold-400/70 text-gold-200',
  accepted: 'bg-gold-400 text-neutral-950',
  declined: 'bg-red-950 text-red-200 ring-1 ring-red-400/50',
  cancelled: 'border border-neutral-500/60 text-neutral-300',
};

/** An invite's status: Pending (outlined), Accepted, Declined, or Cancelled (its event is off). */
export function InviteStatusBadge({ status, className }: { status: InviteStatus; className?: string }) {
  return (
    <span
      data-testid="invite-status"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold tracking-wide',
        STYLES[status],
        className,
      )}
    >
      {LABELS[status]}
    </span>
  );
}
