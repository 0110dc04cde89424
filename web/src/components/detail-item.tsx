import { cn } from '../lib/cn';

/**
 * One labelled value of a details list (`<dl>`): a booking's date, a pass's name. `emphasis` for
 * the one the eye looks for first (the total). Long values wrap rather than widen the card.
 */
export function DetailItem({
  label,
  value,
  testId,
  emphasis = false,
  className,
}: {
  label: string;
  value: string;
  testId?: string;
  emphasis?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs uppercase tracking-wide text-neutral-400">{label}</dt>
      <dd
        data-testid={testId}
        className={cn('break-words', emphasis ? 'text-base font-semibold text-gold-200' : 'text-neutral-100')}
      >
        {value}
      </dd>
    </div>
  );
}
