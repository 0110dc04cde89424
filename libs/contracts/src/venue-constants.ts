/**
 * The zod-free constants of venues (no schema, no import): what the web client's public pages
 * (the /events browser) need without loading zod and the contract's schemas. The schemas in
 * ./venues build on these; the barrel re-exports them.
 */

/** Venue kinds (docs/product.md#venues-form). */
export const VENUE_TYPES = ['club', 'yacht'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];

/** The type filter of `GET /api/venues/{city}/{state}/{type}`. */
export const VENUE_TYPE_FILTERS = ['all', 'club', 'yacht'] as const;
export type VenueTypeFilter = (typeof VENUE_TYPE_FILTERS)[number];

/**
 * The width (pixels) of a venue photo's smaller copy, `?w=800` on its path (the photos' and the
 * placeholders'): what a list card needs on a phone (up to 400 CSS pixels at 2×), where the kept
 * photo can be 2048 pixels wide. Made from the photo the first time it is asked for, WebP.
 */
export const VENUE_IMAGE_SMALL_WIDTH = 800;

/** The venue photo paths the server also serves smaller (`?w=800`): its own photos and the placeholders. */
const HAS_SMALL_COPY = /^\/api\/(images\/venues\/|placeholder-)/;

/**
 * The candidates of a venue image's `srcset`: its copy `VENUE_IMAGE_SMALL_WIDTH` wide and the kept
 * photo, said to be 2048 wide (the most it can be: the browser then takes the small copy whenever
 * that is wide enough for the place and the screen); none for a path without a small copy. One
 * definition for the web client's images and the gateway's preload hint of a list's first photo
 * (a hint naming another URL than the image takes costs a second download).
 */
export function venueImageSrcSet(src: string): string | undefined {
  if (!HAS_SMALL_COPY.test(src)) return undefined;
  return `${src}?w=${VENUE_IMAGE_SMALL_WIDTH} ${VENUE_IMAGE_SMALL_WIDTH}w, ${src} 2048w`;
}

/** How wide a venue list's card photo is shown (its `sizes`): a phone's whole width, half of it from two columns up. */
export const VENUE_CARD_IMAGE_SIZES = '(min-width: 640px) 50vw, 100vw';

/** Placeholder images served when a venue has none (docs/product.md#conventions-feedback). */
export const VENUE_PLACEHOLDERS = {
  yacht: '/api/placeholder-yacht',
  venue: '/api/placeholder-venue',
  section: '/api/placeholder-section',
} as const;

/** Where the venue lists start (docs/product.md#discovery-venue-list): the public /events list and a member without a city. */
export const DEFAULT_VENUE_LOCATION = { city: 'Miami', state: 'Florida' } as const;

/** The type filter the venue lists start with. */
export const DEFAULT_VENUE_TYPE_FILTER: VenueTypeFilter = 'all';
