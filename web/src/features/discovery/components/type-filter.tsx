import { cn } from '../../../lib/cn';
import type { VenueTypeFilter } from '../api/venues';

export const TYPE_FILTER_LABELS: Record<VenueTypeFilter, string> = {
  all: 'All Events',
  club: 'Clubs',
  yacht: 'Yachts',
};
const ORDER: VenueTypeFilter[] = ['all', 'club', 'yacht'];

/** The All Events / Clubs / Yachts toggle buttons (the chosen one is pressed). */
export function TypeFilter({
  value,
  onChange,
  className,
}: {
  value: VenueTypeFilter;
  onChange: (next: VenueTypeFilter) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label="Filter by type" className={cn('flex flex-wrap gap-2', className)}>
      {ORDER.map((type) => {
        const pressed = value === type;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(type)}
            className={cn(
              'inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400',
              pressed
                ? 'bg-gold-300 text-neutral-950'
                : 'border border-white/15 text-neutral-200 hover:border-gold-400/60 hover:text-white',
            )}
          >
            {TYPE_FILTER_LABELS[type]}
          </button>
        );
      })}
    </div>
  );
}
