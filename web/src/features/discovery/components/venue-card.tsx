import { Link } from 'react-router-dom';
import { formatCity, VENUE_CARD_IMAGE_SIZES, type Venue } from '@luxe/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { VenueImage, VenueTypeBadge } from './venue-image';

/** 'Miami, FL': the one city format (formatCity). */
export function venuePlace(venue: Pick<Venue, 'city' | 'state'>): string {
  return formatCity(venue.city, venue.state);
}

export interface VenueCardProps {
  venue: Venue;
  /** Where the card's action goes. */
  to: string;
  /** The action's visible text ('Book Now', 'Book It'). */
  actionLabel: string;
  /** The public card shows the description; the member's card shows the capacity. */
  variant: 'public' | 'member';
  /** The image is fetched at once and first (a card in view when the page opens); else lazily. */
  imagePriority?: boolean;
}

/** A venue in a grid: image with type badge, name, place, description or capacity, price and a booking link. */
export function VenueCard({ venue, to, actionLabel, variant, imagePriority = false }: VenueCardProps) {
  const headingId = `venue-${venue.id}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="venue-card"
      className="flex flex-col overflow-hidden rounded-3xl border border-white/10 bg-neutral-900/70 shadow-xl shadow-black/30"
    >
      <div className="relative">
        {/* A grid's column: the screen's width on a phone, at most half of it from two columns up. */}
        <VenueImage
          venue={venue}
          priority={imagePriority}
          sizes={VENUE_CARD_IMAGE_SIZES}
          className="aspect-[4/3] w-full"
        />
        <VenueTypeBadge type={venue.type} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 id={headingId} className="font-display text-xl font-semibold text-white">
          {venue.name}
        </h3>
        <p className="text-sm text-neutral-300" data-testid="venue-place">
          {venuePlace(venue)}
        </p>
        {variant === 'public' ? (
          venue.description ? (
            <p className="line-clamp-2 text-sm text-neutral-400" data-testid="venue-description">
              {venue.description}
            </p>
          ) : null
        ) : (
          <p className="text-sm text-neutral-300" data-testid="venue-capacity">
            Up to {venue.capacity} guests
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <p className="text-lg font-semibold text-gold-200" data-testid="venue-price">
            {venue.formattedPrice}
          </p>
          <Link to={to} className={buttonClasses('primary', 'sm', 'shrink-0')}>
            {actionLabel}
            <span className="sr-only">: {venue.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
