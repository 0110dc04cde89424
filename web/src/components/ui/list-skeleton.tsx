import { cn } from '../../lib/cn';

/**
 * A list that is loading, drawn as the rows it will have (grey blocks that pulse, still with
 * reduced motion) instead of a line of text, so the page keeps its shape. Assistive technology
 * hears `label` once (role="status"); the blocks are hidden from it.
 */
export function ListSkeleton({
  label,
  rows = 3,
  variant = 'row',
  className,
}: {
  label: string;
  rows?: number;
  variant?: 'row' | 'card';
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" data-testid="list-skeleton" className={cn('flex flex-col gap-3', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          className="flex animate-pulse flex-col gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-4 motion-reduce:animate-none"
        >
          {variant === 'card' ? <div className="h-40 rounded-2xl bg-white/5" /> : null}
          <div className="flex items-center gap-3">
            {variant === 'row' ? <div className="h-10 w-10 shrink-0 rounded-full bg-white/10" /> : null}
            <div className="flex flex-1 flex-col gap-2">
              <div className="h-4 w-2/3 rounded bg-white/10" />
              <div className="h-3 w-1/2 rounded bg-white/5" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
