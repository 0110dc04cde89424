import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useVenuesByLocation, type VenueLocation, type VenueTypeFilter } from '../api/venues';
import { LocationSearch } from './location-search';
import { TypeFilter } from './type-filter';
import { VenueGrid } from './venue-grid';
import { VenueListMessage } from './venue-states';

/**
 * The Events tab's list mode (spec doc 1 §2): a city or state search, the type filter and a
 * grid of bookable venues, starting at the member's own location.
 */
export function VenueList({ initialLocation }: { initialLocation: VenueLocation }) {
  const [location, setLocation] = useState<VenueLocation>(initialLocation);
  const [type, setType] = useState<VenueTypeFilter>('all');
  const venues = useVenuesByLocation({ ...location, type });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-neutral-900/70 p-5 sm:p-6">
        <LocationSearch id="dashboard-venue-location" label="Search by city or state" location={location} onChange={setLocation} />
        <TypeFilter value={type} onChange={setType} />
      </div>

      <section aria-labelledby="venue-results" className="flex flex-col gap-4">
        <h2 id="venue-results" className="text-lg font-semibold text-white">
          Venues in {location.city}, {location.state}
        </h2>
        {venues.isPending ? (
          <VenueListMessage title="Loading venues..." busy />
        ) : venues.isError ? (
          <div className="flex flex-col items-center gap-4">
            <VenueListMessage tone="error" title="Error loading venues. Please try again." />
            <Button type="button" variant="secondary" onClick={() => void venues.refetch()}>
              Try Again
            </Button>
          </div>
        ) : venues.data.length === 0 ? (
          <VenueListMessage title="No Venues Found" detail="Try another city or filter." />
        ) : (
          <VenueGrid label="Venues" venues={venues.data} cardProps={(v) => ({ to: `/booking/${v.id}`, actionLabel: 'Book It', variant: 'member' })} />
        )}
      </section>
    </div>
  );
}
