import { cn } from '../lib/cn';

/** Statuses shown as filled badges (docs/product.md#venues-bookings); any other value is an outline badge. */
const FILLED: Record<string, string> = {
  confirmed: 'bg-gold-400 text-neutral-950',
  cancelled: 'bg-red-950 text-red-200 ring-1 ring-red-400/50',
  completed: 'bg-emerald-950 text-emerald-200 ring-1 ring-emerald-400/50',
};

/** 'confirmed' → 'Confirmed'. */
export function statusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
}

/** A booking's status: confirmed, cancelled and completed filled, any other value outlined. */
export function BookingStatusBadge({ status, className }: { status: string; className?: string }) {
  const filled = FILLED[status];
  return (
    <span
      data-testid="booking-status"
      data-variant={filled ? status : 'outline'}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-xs font-semibold tracking-wide',
        filled ?? 'border border-neutral-400 text-neutral-100',
        className,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
