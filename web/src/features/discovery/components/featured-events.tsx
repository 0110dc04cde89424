import { Link } from 'react-router-dom';
import { formatCity } from '@luxe/contracts';
import { useVenuesByLocation, type VenueLocation } from '../api/venues';
import { VenueImage, venueTypeLabel } from './venue-image';
import { ListSkeleton } from '../../../components/ui/list-skeleton';

/** The host home shows this many venues of the host's city (docs/product.md#dashboard-host-home: home lists show 3 items). */
export const FEATURED_VENUES_LIMIT = 3;

/** Host home's 'Featured Events': the first 3 venues in the host's city. */
export function FeaturedEvents({ location }: { location: VenueLocation }) {
  const venues = useVenuesByLocation({ ...location, type: 'all' });

  return (
    <section aria-labelledby="featured-events" className="rounded-3xl border border-white/10 bg-neutral-900/70 p-6">
      <h2 id="featured-events" className="mb-4 text-lg font-semibold text-white">
        Featured Events
      </h2>
      {venues.isPending ? (
        <ListSkeleton label="Loading venues..." variant="card" rows={2} />
      ) : venues.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Error loading venues. Please try again.
        </p>
      ) : venues.data.length === 0 ? (
        <p className="text-sm text-neutral-300">No venues available in your area yet.</p>
      ) : (
        <ul aria-label="Featured venues" className="flex flex-col gap-3">
          {venues.data.slice(0, FEATURED_VENUES_LIMIT).map((venue) => (
            <li
              key={venue.id}
              data-testid="featured-venue"
              className="flex items-center gap-4 rounded-2xl border border-white/5 bg-white/[0.03] p-3"
            >
              <VenueImage venue={venue} sizes="80px" className="h-16 w-16 shrink-0 rounded-xl sm:h-20 sm:w-20" />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 font-semibold break-words text-white">
                  <Link
                    to={`/booking/${venue.id}`}
                    className="rounded hover:text-gold-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
                  >
                    {venue.name}
                  </Link>
                </p>
                <p className="truncate text-sm text-neutral-300" data-testid="venue-city">
                  {formatCity(venue.city, venue.state)}
                </p>
                <p className="text-sm font-semibold text-gold-200" data-testid="venue-price">
                  {venue.formattedPrice}
                </p>
              </div>
              <span
                data-testid="venue-type"
                className="shrink-0 rounded-full border border-gold-400/40 px-3 py-1 text-xs font-semibold text-gold-200"
              >
                {venueTypeLabel(venue.type)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
