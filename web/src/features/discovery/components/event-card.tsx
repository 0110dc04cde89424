import type { AvailableEvent } from '@luxe/contracts';
import { ImageCarousel } from '../../../components/image-carousel';
import { StateLabel } from '../../../components/state-label';
import { VerifiedBadge } from '../../../components/verified-badge';
import { formatBookingDate, formatDuration } from '../../../lib/booking-display';
import { attendeesText, formatEventTimes, moreAttendees } from '../event-display';
import { cityName } from '../location';
import { MemberPhoto } from './member-photo';
import { fallbackImageFor, VenueTypeBadge } from './venue-image';

/**
 * One event of the Discover deck (docs/product.md#discovery-swipe-deck): the venue's photos (a
 * photo opens full size), type badge, venue name, section type, place, date, New York start and end
 * with the duration, the host with a profile button, and who is attending (up to 3 avatars and
 * '+N').
 */
export function EventCard({
  event,
  onOpenPhoto,
  onViewHost,
}: {
  event: AvailableEvent;
  onOpenPhoto: (photo: { src: string; index: number; count: number }) => void;
  onViewHost: () => void;
}) {
  const headingId = `event-${event.bookingId}-name`;
  const count = Math.max(event.images.length, 1);
  const more = moreAttendees(event.attendees);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="event-card"
      className="overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70"
    >
      <div className="relative">
        <ImageCarousel
          images={event.images}
          label={`Photos of ${event.venueName}`}
          altOf={(i, n) => `${event.venueName}, photo ${i + 1} of ${n}`}
          openLabel={(i, n) => `View photo ${i + 1} of ${n} of ${event.venueName} full size`}
          fallback={fallbackImageFor(event.venueType)}
          onOpen={({ src, index }) => onOpenPhoto({ src, index, count })}
          className="rounded-none"
        />
        <VenueTypeBadge type={event.venueType} className="absolute top-3 left-3" />
      </div>

      <div className="flex flex-col gap-4 p-5">
        <div>
          <h3 id={headingId} className="font-display text-2xl font-semibold break-words text-white">
            {event.venueName}
          </h3>
          <p data-testid="event-section" className="text-sm font-medium text-gold-200">
            {event.sectionType}
          </p>
          <p data-testid="event-place" className="mt-1 text-sm text-neutral-300">
            {cityName(event.city)}, <StateLabel state={event.state} />
          </p>
        </div>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-neutral-400">Date</dt>
          <dd data-testid="event-date" className="text-neutral-100">
            {formatBookingDate(event.bookingDate)}
          </dd>
          <dt className="text-neutral-400">Time</dt>
          <dd data-testid="event-time" className="text-neutral-100">
            {formatEventTimes(event)}
          </dd>
          <dt className="text-neutral-400">Duration</dt>
          <dd data-testid="event-duration" className="text-neutral-100">
            {formatDuration(event.duration)}
          </dd>
        </dl>

        <div className="flex items-center gap-3">
          <MemberPhoto
            src={event.host.profileImages[0]}
            firstName={event.host.firstName}
            alt=""
            className="h-12 w-12"
          />
          <p className="min-w-0 flex-1 text-sm text-neutral-300">
            Hosted by{' '}
            <span data-testid="event-host" className="font-semibold text-white">
              {event.host.firstName}
            </span>{' '}
            <VerifiedBadge verified={event.host.verified} className="align-middle" />
          </p>
          <button
            type="button"
            onClick={onViewHost}
            aria-label={`View ${event.host.firstName}'s profile`}
            className="h-9 shrink-0 rounded-full border border-gold-400/60 px-4 text-sm font-semibold text-gold-200 hover:bg-gold-400/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          >
            Profile
          </button>
        </div>

        <div className="flex items-center gap-3" data-testid="event-attendees">
          {event.attendees.avatars.length > 0 ? (
            <ul aria-label="Attending" className="flex -space-x-2">
              {event.attendees.avatars.map((a) => (
                <li key={a.id}>
                  <MemberPhoto src={a.image} firstName={a.firstName} alt={a.firstName} className="h-9 w-9" />
                </li>
              ))}
              {more > 0 ? (
                <li className="grid h-9 min-w-9 place-items-center rounded-full bg-neutral-800 px-2 text-xs font-semibold text-gold-200 ring-2 ring-neutral-900">
                  <span aria-hidden="true" data-testid="attendees-more">
                    +{more}
                  </span>
                  <span className="sr-only">and {more} more</span>
                </li>
              ) : null}
            </ul>
          ) : null}
          <p data-testid="attendees-text" className="text-sm text-neutral-300">
            {attendeesText(event.attendees.count)}
          </p>
        </div>
      </div>
    </article>
  );
}
