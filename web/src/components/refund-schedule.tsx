import { useId } from 'react';
import { CANCELLATION_POLICY_LABELS, cancellationScheduleLines, type CancellationPolicy } from '@luxe/contracts';
import { cn } from '../lib/cn';

/**
 * The refund for each cancellation date of a booking starting at `startsAt`, times in New York
 * (shown before paying and when cancelling): only the deadlines still ahead at `now`, or
 * 'non-refundable' once they have all passed (a booking for tonight).
 */
export function RefundSchedule({
  policy,
  startsAt,
  now,
  note,
  level = 2,
  className,
}: {
  policy: CancellationPolicy;
  startsAt: Date;
  now?: Date;
  note?: string;
  level?: 2 | 3;
  className?: string;
}) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const lines = cancellationScheduleLines(policy, startsAt, now ?? new Date());
  return (
    <section
      aria-labelledby={headingId}
      data-testid="refund-schedule"
      className={cn('rounded-2xl border border-white/10 bg-white/5 p-4', className)}
    >
      <Heading id={headingId} className="mb-2 text-sm font-semibold text-neutral-100">
        Cancellation policy: <span data-testid="refund-schedule-policy">{CANCELLATION_POLICY_LABELS[policy]}</span>
      </Heading>
      <ul className="flex flex-col gap-1 text-sm">
        {lines.map((l) => (
          <li key={l.when} className="flex flex-wrap justify-between gap-x-3">
            <span className="text-neutral-300">{l.when}</span>
            <span className={l.refundPercent > 0 ? 'font-semibold text-emerald-200' : 'text-neutral-200'}>
              {l.refund}
            </span>
          </li>
        ))}
      </ul>
      {note ? <p className="mt-2 text-xs text-neutral-300">{note}</p> : null}
    </section>
  );
}
