import { DEFAULT_VENUE_LOCATION as CONTRACT_DEFAULT_LOCATION, formatCity, usStateName } from '@luxe/contracts';
import { findCity } from '../../lib/cities';
import type { VenueLocation, VenuePlace } from './api/venues';

/** Default location of the venue lists (docs/product.md#discovery-venue-list; the contract's, which the gateway preloads for /events). */
export const DEFAULT_VENUE_LOCATION: VenueLocation = CONTRACT_DEFAULT_LOCATION;

/** The city name part of a stored city ('Miami, FL' → 'Miami'). */
export function cityName(city: string): string {
  return (city.split(',')[0] ?? '').trim();
}

/** The full name of a state given by name or two-letter code (any case), or null when it is not a US state. */
export function stateName(text: string): string | null {
  return usStateName(text);
}

/** A signed-in user's location (stored as 'Miami, FL' and 'Florida'), else the default. */
export function locationOf(user: { city?: string | null; state?: string | null } | null | undefined): VenueLocation {
  const city = cityName(user?.city ?? '');
  const state = stateName(user?.state ?? '') ?? (user?.state ?? '').trim();
  return city && state ? { city, state } : DEFAULT_VENUE_LOCATION;
}

/**
 * What a typed location means: a known city ('Tampa' or 'Tampa, FL'), or any 'City, State'
 * where the state is a US state's name or code ('Key West, Florida', 'Key West, fl'). Null otherwise.
 */
export function parseLocation(text: string): VenueLocation | null {
  const known = findCity(text);
  if (known) return { city: known.name, state: known.state };
  const parts = text.split(',');
  if (parts.length !== 2) return null;
  const [rawCity = '', rawState = ''] = parts;
  const city = rawCity.trim();
  const state = stateName(rawState);
  return city && state ? { city, state } : null;
}

/**
 * What a typed venue search means: a location as parseLocation reads it, else a US state alone by
 * name or code ('Nevada', 'nv': every venue of the state). Null when it is neither: the search
 * then says so rather than pick some city whose name merely contains the text.
 */
export function parseSearch(text: string): VenuePlace | null {
  const location = parseLocation(text);
  if (location) return location;
  const state = stateName(text);
  return state ? { state } : null;
}

/** How a location is written in the search box: 'Miami, FL' (formatCity); a state alone by its name. */
export function locationText({ city, state }: VenuePlace): string {
  return city ? formatCity(city, state) : state;
}
