import { formatCity, VENUE_PLACEHOLDERS, type Venue } from '@luxe/contracts';
import { useState } from 'react';

/** 'Miami, FL': the one city format (formatCity). */
function venuePlace(venue: Pick<Venue, 'city' | 'state'>): string {
  return formatCity(venue.city, venue.state);
}

/** The venue being booked: photo, name, place, hourly price and description. */
export function VenueSummaryCard({ venue }: { venue: Venue }) {
  const [failed, setFailed] = useState(false);
  return (
    <article aria-label={venue.name} className="overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70">
      <img
        src={failed ? VENUE_PLACEHOLDERS.venue : venue.imageUrl}
        alt={`Photo of ${venue.name}`}
        onError={() => setFailed(true)}
        className="aspect-[16/9] w-full bg-neutral-800 object-cover"
      />
      <div className="flex flex-col gap-1 p-4">
        <h2 className="font-display text-2xl font-semibold text-white">{venue.name}</h2>
        <p className="text-sm text-neutral-300" data-testid="venue-place">
          {venuePlace(venue)}
        </p>
        <p className="text-sm font-semibold text-gold-200">{venue.formattedPrice}</p>
        {venue.description ? <p className="mt-1 line-clamp-3 text-sm text-neutral-200">{venue.description}</p> : null}
      </div>
    </article>
  );
}
