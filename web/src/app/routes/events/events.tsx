import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { VenueList, type VenueListTexts } from '../../../features/discovery/components/venue-list';
import { DEFAULT_VENUE_LOCATION } from '../../../features/discovery/location';
import { LOCATION_PARAM } from '../../../features/discovery/components/location-search';
import { useObscuringBar } from '../../../lib/obscuring-bars';

/** The public browser's words (docs/product.md#public-events). */
const PUBLIC_LIST_TEXTS: VenueListTexts = {
  searchLabel: 'Location',
  noun: 'Events',
  loading: 'Loading events...',
  error: 'Error loading events. Please try again.',
  empty: 'No events found',
  emptyDetail: 'Try adjusting your location or filters',
};

/** /events: the public events browser (docs/product.md#public-events): venues of a city, by type, bookable as a guest. */
export function EventsRoute() {
  const header = useObscuringBar<HTMLElement>('top');
  // A search the browser sent itself (`/events?location=…`: submitted before the prerendered page's
  // code had come) is taken once the page is hydrated, never in the first render: that render must be
  // the prerendered one (the gateway answers every /events URL with it). The list starts over with it.
  const [params] = useSearchParams();
  const [requested, setRequested] = useState<string | undefined>();
  useEffect(() => setRequested(params.get(LOCATION_PARAM) || undefined), []);
  return (
    <div className="min-h-dvh bg-neutral-950 text-neutral-100">
      <header ref={header} className="sticky top-0 z-30 border-b border-white/5 bg-neutral-950/85 backdrop-blur">
        {/* Wraps below ~370 px: at 320 px the logo and both links do not fit on one line (WCAG 1.4.10 Reflow). */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-5 py-4">
          <Logo />
          <nav aria-label="Account" className="ml-auto flex items-center gap-2">
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

        <VenueList
          key={requested ?? ''}
          id="events"
          initialLocation={DEFAULT_VENUE_LOCATION}
          searchAction="/events"
          initialText={requested}
          texts={PUBLIC_LIST_TEXTS}
          panelClassName="bg-neutral-900/60"
          gridClassName="lg:grid-cols-3"
          cardProps={(v) => ({ to: `/booking/${v.id}?guest=true`, actionLabel: 'Book Now', variant: 'public' })}
        />
      </main>
    </div>
  );
}
