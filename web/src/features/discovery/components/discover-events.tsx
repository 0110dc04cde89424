import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AvailableEvent, MemberCardView } from '@luxe/contracts';
import { StateLabel } from '../../../components/state-label';
import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useAvailableEvents } from '../api/available-events';
import type { VenueLocation } from '../api/venues';
import { ChangeLocationDialog } from './change-location-dialog';
import { EventCard } from './event-card';
import { HostProfileDialog } from './host-profile-dialog';
import { PhotoViewerDialog } from './photo-viewer-dialog';
import { RequestToJoinDialog } from './request-to-join-dialog';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';
import { VenueListMessage } from './venue-states';

export const EVENT_PASSED = 'Event Passed - Moving to next event...';

/** What the app puts under the host's profile (Report and Block); `onBlocked` closes it and moves on. */
export type RenderHostActions = (host: MemberCardView, options: { onBlocked: () => void }) => ReactNode;

/**
 * Where the deck stands: the events from the current one on, by booking id. When the list is read
 * again (a request sent, a host blocked) the deck shows the first of them still there, so it never
 * skips or repeats an event; past the last one is the end of the deck.
 */
interface Cursor {
  index: number;
  ahead: readonly string[] | null;
}

function positionOf(events: readonly AvailableEvent[], cursor: Cursor): number {
  if (cursor.ahead === null) return Math.min(cursor.index, events.length);
  for (const id of cursor.ahead) {
    const at = events.findIndex((e) => e.bookingId === id);
    if (at >= 0) return at;
  }
  return events.length;
}

type OpenDialog =
  | { kind: 'location' }
  | { kind: 'request'; event: AvailableEvent }
  | { kind: 'host'; event: AvailableEvent }
  | { kind: 'photo'; event: AvailableEvent; src: string; index: number; count: number };

const roundButton =
  'inline-flex items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Discover Events (swipe mode, docs/product.md#discovery-swipe-deck): the events of a city one card
 * at a time, with Decline (the toast 'Event Passed - Moving to next event...', then the next one),
 * Like (Request to Join), Previous and Next, and a counter; Change Location picks another city.
 */
export function DiscoverEvents({
  initialLocation,
  renderHostActions,
}: {
  initialLocation: VenueLocation;
  renderHostActions?: RenderHostActions;
}) {
  const [location, setLocation] = useState(initialLocation);
  const events = useAvailableEvents(location);
  const [cursor, setCursor] = useState<Cursor>({ index: 0, ahead: null });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const deckRef = useRef<HTMLDivElement>(null);
  /** After a block the card the focus came from may be gone: the deck takes it once the dialog has closed. */
  const focusDeckAfterClose = useRef(false);

  useEffect(() => {
    if (dialog === null && focusDeckAfterClose.current) {
      focusDeckAfterClose.current = false;
      deckRef.current?.focus();
    }
  }, [dialog]);

  const list = events.data ?? [];
  const index = positionOf(list, cursor);
  const current = list[index];
  const goTo = (i: number) => setCursor({ index: i, ahead: list.slice(i).map((e) => e.bookingId) });
  const close = () => setDialog(null);

  const decline = () => {
    toast({ title: EVENT_PASSED });
    goTo(index + 1);
  };

  const changeLocation = (next: VenueLocation) => {
    setLocation(next);
    setCursor({ index: 0, ahead: null });
    close();
  };

  return (
    <section aria-labelledby="discover-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="discover-heading" className="text-lg font-semibold text-white">
            Discover Events
          </h2>
          <p data-testid="discover-place" className="text-sm text-neutral-300">
            Events in {location.city}, <StateLabel state={location.state} />
          </p>
        </div>
        <Button type="button" variant="secondary" size="sm" onClick={() => setDialog({ kind: 'location' })}>
          Change Location
        </Button>
      </div>

      <div
        ref={deckRef}
        tabIndex={-1}
        aria-label="Event deck"
        role="region"
        className="flex flex-col gap-4 focus:outline-none"
      >
        {events.isPending ? (
          <ListSkeleton label="Loading events..." variant="card" rows={1} />
        ) : events.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/50 px-6 py-12 text-center"
          >
            <p className="font-semibold text-red-300">Error loading events. Please try again.</p>
            <Button type="button" variant="secondary" size="sm" onClick={() => void events.refetch()}>
              Retry
            </Button>
          </div>
        ) : list.length === 0 ? (
          <VenueListMessage
            title="No Events Found"
            detail={`There are no events to join in ${location.city} right now. Try Change Location to look in another city.`}
          />
        ) : (
          <>
            {current ? (
              <EventCard
                key={current.bookingId}
                event={current}
                onOpenPhoto={(photo) => setDialog({ kind: 'photo', event: current, ...photo })}
                onViewHost={() => setDialog({ kind: 'host', event: current })}
              />
            ) : (
              <div className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/50 px-6 py-12 text-center">
                <p className="font-semibold text-neutral-100">That&apos;s every event in {location.city}</p>
                <p className="text-sm text-neutral-400">Start over to see them again, or change the location.</p>
                <Button type="button" variant="secondary" size="sm" onClick={() => goTo(0)}>
                  Start Over
                </Button>
              </div>
            )}

            <div className="flex items-center justify-between gap-2" role="group" aria-label="Event actions">
              <button
                type="button"
                aria-label="Previous event"
                disabled={index === 0}
                onClick={() => goTo(index - 1)}
                className={cn(roundButton, 'h-11 w-11 border border-white/15 text-white hover:bg-white/5')}
              >
                <Chevron direction="left" />
              </button>
              <div className="flex items-center gap-4">
                <button
                  type="button"
                  aria-label={current ? `Decline: ${current.venueName}` : 'Decline'}
                  disabled={!current}
                  onClick={decline}
                  className={cn(roundButton, 'h-14 w-14 border border-red-400/60 text-red-300 hover:bg-red-500/10')}
                >
                  <Icon path={ICON_PATHS.close} className="h-6 w-6" strokeWidth="2.2" />
                </button>
                <button
                  type="button"
                  aria-label={current ? `Like: ${current.venueName}` : 'Like'}
                  disabled={!current}
                  onClick={() => current && setDialog({ kind: 'request', event: current })}
                  className={cn(
                    roundButton,
                    'h-14 w-14 bg-gradient-to-r from-gold-300 to-gold-500 text-neutral-950 hover:from-gold-200 hover:to-gold-400',
                  )}
                >
                  <Icon
                    path="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z"
                    className="h-6 w-6"
                    fill="currentColor"
                    stroke="none"
                  />
                </button>
              </div>
              <button
                type="button"
                aria-label="Next event"
                disabled={!current}
                onClick={() => goTo(index + 1)}
                className={cn(roundButton, 'h-11 w-11 border border-white/15 text-white hover:bg-white/5')}
              >
                <Chevron direction="right" />
              </button>
            </div>
            <p data-testid="event-counter" aria-live="polite" className="text-center text-sm text-neutral-300">
              {current ? `${index + 1} of ${list.length}` : `${list.length} of ${list.length} seen`}
            </p>
          </>
        )}
      </div>

      {dialog?.kind === 'location' ? (
        <ChangeLocationDialog location={location} onApply={changeLocation} onClose={close} />
      ) : null}
      {dialog?.kind === 'request' ? <RequestToJoinDialog event={dialog.event} onSent={close} onClose={close} /> : null}
      {dialog?.kind === 'photo' ? (
        <PhotoViewerDialog
          src={dialog.src}
          alt={`${dialog.event.venueName}, photo ${dialog.index + 1} of ${dialog.count}`}
          title={`${dialog.event.venueName}: photo ${dialog.index + 1} of ${dialog.count}`}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'host' ? (
        <HostProfileDialog
          host={dialog.event.host}
          onClose={close}
          actions={renderHostActions?.(dialog.event.host, {
            onBlocked: () => {
              focusDeckAfterClose.current = true;
              close();
            },
          })}
        />
      ) : null}
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return <Icon path={direction === 'left' ? ICON_PATHS.back : ICON_PATHS.forward} />;
}
