import { useRef, useState } from 'react';
import { DEFAULT_VENUE_TYPE_FILTER, type Venue } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useVenuePages, type VenuePlace, type VenueTypeFilter } from '../api/venues';
import { locationText, parseSearch } from '../location';
import { LocationSearch } from './location-search';
import { TypeFilter } from './type-filter';
import { VenueGrid } from './venue-grid';
import type { VenueCardProps } from './venue-card';
import { VenueListMessage } from './venue-states';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadMore, moreTexts, useLoadMore } from '../../../components/load-more';

/** The words of one list: the public events browser says "events", the member's Events tab "venues". */
export interface VenueListTexts {
  searchLabel: string;
  /** 'Events' → 'Events in Miami, FL' (or 'Events in Nevada'), and the grid's name. */
  noun: string;
  loading: string;
  error: string;
  empty: string;
  emptyDetail: string;
}

/** The member's Events tab, list mode (docs/product.md#discovery-venue-list). */
export const MEMBER_LIST_TEXTS: VenueListTexts = {
  searchLabel: 'Search by city or state',
  noun: 'Venues',
  loading: 'Loading venues...',
  error: 'Error loading venues. Please try again.',
  empty: 'No Venues Found',
  emptyDetail: 'Try another city or filter.',
};

/**
 * A location search, the type filter and a grid of bookable venues with their loading, error and
 * empty states: the public /events page and the dashboard's Events tab, each with its own words.
 */
export function VenueList({
  id,
  initialLocation,
  texts = MEMBER_LIST_TEXTS,
  cardProps = (v) => ({ to: `/booking/${v.id}`, actionLabel: 'Book It', variant: 'member' }),
  gridClassName,
  panelClassName = 'bg-neutral-900/70',
  searchAction,
  initialText,
}: {
  id: string;
  /** The place listed first, unless `initialText` names another. */
  initialLocation: VenuePlace;
  /** LocationSearch's `action` and `initialText` (the public page's browser-submitted search). */
  searchAction?: string;
  initialText?: string;
  texts?: VenueListTexts;
  cardProps?: (v: Venue) => Omit<VenueCardProps, 'venue'>;
  gridClassName?: string;
  panelClassName?: string;
}) {
  const [location, setLocation] = useState<VenuePlace>(
    () => (initialText !== undefined && parseSearch(initialText)) || initialLocation,
  );
  const [type, setType] = useState<VenueTypeFilter>(DEFAULT_VENUE_TYPE_FILTER);
  const venues = useVenuePages({ ...location, type });
  const shown = venues.data?.pages.flatMap((p) => p.items) ?? [];
  const more = moreTexts(texts.noun);
  // A keyboard user who pressed "Load more" for the last page goes on at the first card it brought.
  const sectionRef = useRef<HTMLElement>(null);
  const loadMore = useLoadMore(venues, sectionRef, shown.length, (index) =>
    sectionRef.current?.querySelectorAll<HTMLElement>('[data-testid="venue-card"] a')[index]?.focus(),
  );

  return (
    <>
      <div className={cn('flex flex-col gap-5 rounded-3xl border border-white/10 p-5 sm:p-6', panelClassName)}>
        <LocationSearch
          id={`${id}-location`}
          label={texts.searchLabel}
          location={location}
          onChange={setLocation}
          action={searchAction}
          initialText={initialText}
        />
        <TypeFilter value={type} onChange={setType} />
      </div>

      <section ref={sectionRef} aria-labelledby={`${id}-results`} className="flex flex-col gap-4">
        <h2 id={`${id}-results`} className="text-lg font-semibold text-white">
          {texts.noun} in {locationText(location)}
        </h2>
        {venues.isPending ? (
          <ListSkeleton label={texts.loading} variant="card" rows={2} />
        ) : venues.isError && !venues.isFetchNextPageError ? (
          <div className="flex flex-col items-center gap-4">
            <VenueListMessage tone="error" title={texts.error} />
            <Button type="button" variant="secondary" onClick={() => void venues.refetch()}>
              Try Again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <VenueListMessage title={texts.empty} detail={texts.emptyDetail} />
        ) : (
          <>
            <VenueGrid label={texts.noun} className={gridClassName} venues={shown} cardProps={cardProps} />
            {venues.isFetchNextPageError ? (
              <p role="alert" className="text-center text-sm text-red-300">
                {more.error}
              </p>
            ) : null}
            {venues.hasNextPage ? (
              <LoadMore
                label={more.loadMore}
                loadingLabel={more.loadingMore}
                loading={venues.isFetchingNextPage}
                auto={!venues.isFetchNextPageError}
                onLoadMore={loadMore}
              />
            ) : null}
          </>
        )}
        {/* Said once the list grows past its first page (the first page is the heading's list). */}
        <p role="status" className="sr-only">
          {(venues.data?.pages.length ?? 0) > 1 ? more.shown(shown.length) : ''}
        </p>
      </section>
    </>
  );
}
