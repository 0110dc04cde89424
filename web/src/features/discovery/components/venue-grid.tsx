import type { Venue } from '@luxe/contracts';
import { cn } from '../../../lib/cn';
import { VenueCard, type VenueCardProps } from './venue-card';

/**
 * How many cards at the top of a grid fetch their image at once with high priority: the first card
 * is what a phone shows above the fold (and the page's largest paint); the rest load lazily.
 */
export const PRIORITY_CARDS = 1;

/** A responsive grid of venue cards: one column on phones, more as the screen widens. */
export function VenueGrid({
  venues,
  cardProps,
  label,
  className,
}: {
  venues: Venue[];
  cardProps: (v: Venue) => Omit<VenueCardProps, 'venue'>;
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn('grid gap-6 sm:grid-cols-2', className)}>
      {venues.map((venue, i) => (
        <li key={venue.id} className="flex">
          <div className="w-full">
            <VenueCard venue={venue} imagePriority={i < PRIORITY_CARDS} {...cardProps(venue)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
