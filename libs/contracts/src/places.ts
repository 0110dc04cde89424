/**
 * Places: US states by name or code, and the one way a venue's or a member's city is written
 * ('Miami, FL'). Zod-free, so the public /events page can use it; the venues service normalises
 * the state of a location search with the same table the web client shows codes with.
 */

/** Every US state and DC: full name → two-letter code (the location step stores the full name). */
export const US_STATE_CODES: Readonly<Record<string, string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

const BY_LOWER = new Map<string, string>();
for (const [name, code] of Object.entries(US_STATE_CODES)) {
  BY_LOWER.set(name.toLowerCase(), name);
  BY_LOWER.set(code.toLowerCase(), name);
}

/** The full name of a US state given by name or code, any case ('nv' → 'Nevada'); null when it is not one. */
export function usStateName(text: string): string | null {
  return BY_LOWER.get(text.trim().toLowerCase()) ?? null;
}

/**
 * A state as stored and searched: a US state's full name whether given by name or code; anything
 * else (a country such as Monaco, the landing's promise) as typed, trimmed.
 */
export function normalizeState(text: string): string {
  return usStateName(text) ?? text.trim();
}

/** The two-letter code of a US state given by name or code; any other place as it is. */
export function stateCode(state: string): string {
  const name = usStateName(state);
  return name ? US_STATE_CODES[name]! : state.trim();
}

/** The name part of a stored city: the location step stores 'Miami, FL', an owner may type 'Miami'. */
export function cityName(city: string): string {
  return (city.split(',')[0] ?? '').trim();
}

/**
 * How a city reads everywhere (cards, dashboards, admin): 'Miami, FL' whether stored as 'Miami' or
 * 'Miami, FL' with 'Florida' or 'FL'; a place that is its own state ('Monaco', 'Monaco') once.
 */
export function formatCity(city: string | null | undefined, state: string | null | undefined): string {
  const name = cityName(city ?? '');
  const st = state?.trim() ? stateCode(state) : '';
  if (!name) return st;
  if (!st || st.toLowerCase() === name.toLowerCase()) return name;
  return `${name}, ${st}`;
}
