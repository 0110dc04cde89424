import type { Venue } from '@luxe/contracts';
import { cn } from '../../../lib/cn';
import { VenueCard, type VenueCardProps } from './venue-card';

/** A responsive grid of venue cards: one column on phones, more as the screen widens. */
export function VenueGrid({ venues, cardProps, label, className }: { venues: Venue[]; cardProps: (v: Venue) => Omit<VenueCardProps, 'venue'>; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={cn('grid gap-6 sm:grid-cols-2', className)}>
      {venues.map((venue) => (
        <li key={venue.id} className="flex">
          <div className="w-full">
            <VenueCard venue={venue} {...cardProps(venue)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
