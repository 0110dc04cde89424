import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { Button, buttonClasses } from '../../../components/ui/button';
import { useVenuesByLocation, type VenueLocation, type VenueTypeFilter } from '../../../features/discovery/api/venues';
import { LocationSearch } from '../../../features/discovery/components/location-search';
import { TypeFilter } from '../../../features/discovery/components/type-filter';
import { VenueGrid } from '../../../features/discovery/components/venue-grid';
import { VenueListMessage } from '../../../features/discovery/components/venue-states';
import { DEFAULT_VENUE_LOCATION } from '../../../features/discovery/location';

/** /events: the public events browser (spec doc 2 §2): venues of a city, by type, bookable as a guest. */
export function EventsRoute() {
  const [location, setLocation] = useState<VenueLocation>(DEFAULT_VENUE_LOCATION);
  const [type, setType] = useState<VenueTypeFilter>('all');
  const venues = useVenuesByLocation({ ...location, type });

  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header className="sticky top-0 z-30 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-5 py-4">
          <Logo />
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to="/login" className={buttonClasses('ghost', 'sm', 'whitespace-nowrap')}>
              Sign In
            </Link>
            <Link to="/join" className={buttonClasses('primary', 'sm', 'whitespace-nowrap')}>
              Join Now
            </Link>
          </nav>
        </div>
      </header>

      <main className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-10">
        <div className="flex flex-col gap-2">
          <h1 className="font-display text-4xl font-semibold text-white sm:text-5xl">Browse Exclusive Events</h1>
          <p className="text-neutral-300">Yachts and clubs you can book tonight.</p>
        </div>

        <div className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-neutral-900/60 p-5 sm:p-6">
          <LocationSearch id="events-location" label="Location" location={location} onChange={setLocation} />
          <TypeFilter value={type} onChange={setType} />
        </div>

        <section aria-labelledby="events-results" className="flex flex-col gap-4">
          <h2 id="events-results" className="text-lg font-semibold text-white">
            Events in {location.city}, {location.state}
          </h2>
          {venues.isPending ? (
            <VenueListMessage title="Loading events..." busy />
          ) : venues.isError ? (
            <div className="flex flex-col items-center gap-4">
              <VenueListMessage tone="error" title="Error loading events. Please try again." />
              <Button type="button" variant="secondary" onClick={() => void venues.refetch()}>
                Try Again
              </Button>
            </div>
          ) : venues.data.length === 0 ? (
            <VenueListMessage title="No events found" detail="Try adjusting your location or filters" />
          ) : (
            <VenueGrid
              label="Events"
              className="lg:grid-cols-3"
              venues={venues.data}
              cardProps={(v) => ({ to: `/booking/${v.id}?guest=true`, actionLabel: 'Book Now', variant: 'public' })}
            />
          )}
        </section>
      </main>
    </div>
  );
}
