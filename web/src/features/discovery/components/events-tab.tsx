import { useState } from 'react';
import { cn } from '../../../lib/cn';
import type { VenueLocation } from '../api/venues';
import { DiscoverEvents, type RenderHostActions } from './discover-events';
import { VenueList } from './venue-list';

type EventsMode = 'list' | 'discover';
const MODES: Array<{ id: EventsMode; label: string }> = [
  { id: 'list', label: 'List' },
  { id: 'discover', label: 'Discover Events' },
];

/**
 * The dashboard's Events tab: the venue list, or Discover Events (one event at a time).
 * `renderHostActions` puts the app's Report and Block under a host's profile.
 */
export function EventsTab({
  location,
  renderHostActions,
}: {
  location: VenueLocation;
  renderHostActions?: RenderHostActions;
}) {
  const [mode, setMode] = useState<EventsMode>('list');
  return (
    <div className="flex flex-col gap-6">
      <div
        role="group"
        aria-label="Events view"
        className="inline-flex self-start rounded-full border border-white/10 bg-neutral-900/70 p-1"
      >
        {MODES.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            aria-pressed={mode === id}
            onClick={() => setMode(id)}
            className={cn(
              'h-10 rounded-full px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400',
              mode === id ? 'bg-gold-300 text-neutral-950' : 'text-neutral-300 hover:text-white',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'list' ? (
        <div className="flex flex-col gap-6">
          <VenueList id="dashboard-venue" initialLocation={location} />
        </div>
      ) : (
        <DiscoverEvents initialLocation={location} renderHostActions={renderHostActions} />
      )}
    </div>
  );
}
