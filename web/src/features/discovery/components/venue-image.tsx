import { useState } from 'react';
import { VENUE_PLACEHOLDERS, venueImageSrcSet, type Venue } from '@luxe/contracts';
import { cn } from '../../../lib/cn';
import { useAfterFirstPaint } from '../../../lib/first-paint';

/** The stock image of a venue's kind, shown when its own image fails to load. */
export function fallbackImageFor(type: Venue['type']): string {
  return type === 'yacht' ? VENUE_PLACEHOLDERS.yacht : VENUE_PLACEHOLDERS.venue;
}

/**
 * A venue's image, replaced once by the stock image of its kind when it fails to load. Lazy, and
 * only once the page's first frame is on screen (a box of its size and colour until then), except a
 * `priority` image (the first card of a list, the page's largest paint): fetched at once, first, with
 * the network to itself.
 */
export function VenueImage({
  venue,
  className,
  priority = false,
  sizes = '100vw',
}: {
  venue: Pick<Venue, 'name' | 'type' | 'imageUrl'>;
  className?: string;
  priority?: boolean;
  /** How wide it is shown (the `sizes` attribute): the whole width of a phone's screen unless said. */
  sizes?: string;
}) {
  const fallback = fallbackImageFor(venue.type);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const painted = useAfterFirstPaint();
  const src = failedSrc === venue.imageUrl ? fallback : venue.imageUrl;
  const srcSet = venueImageSrcSet(src);
  if (!priority && !painted)
    return <div data-testid="venue-image-pending" aria-hidden="true" className={cn('bg-neutral-800', className)} />;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={`Photo of ${venue.name}`}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (src !== fallback) setFailedSrc(venue.imageUrl);
      }}
      className={cn('bg-neutral-800 object-cover', className)}
    />
  );
}

/** 'Yacht' or 'Club'. */
export function venueTypeLabel(type: Venue['type']): string {
  return type === 'yacht' ? 'Yacht' : 'Club';
}

/** The type badge laid over a card's image. */
export function VenueTypeBadge({ type, className }: { type: Venue['type']; className?: string }) {
  return (
    <span
      data-testid="venue-type"
      className={cn(
        'inline-flex items-center rounded-full bg-neutral-950/85 px-3 py-1 text-xs font-semibold tracking-wide text-gold-200 ring-1 ring-gold-400/40',
        className,
      )}
    >
      {venueTypeLabel(type)}
    </span>
  );
}
