import { formatCity } from '@luxe/contracts';

/** A US city offered by the location autocomplete (docs/product.md#accounts-location: 50 large US cities). */
export interface City {
  name: string;
  state: string;
  stateCode: string;
  /** 'City, ST' (formatCity) */
  display: string;
}

const RAW: ReadonlyArray<Omit<City, 'display'>> = [
  { name: 'New York', state: 'New York', stateCode: 'NY' },
  { name: 'Los Angeles', state: 'California', stateCode: 'CA' },
  { name: 'Chicago', state: 'Illinois', stateCode: 'IL' },
  { name: 'Houston', state: 'Texas', stateCode: 'TX' },
  { name: 'Phoenix', state: 'Arizona', stateCode: 'AZ' },
  { name: 'Philadelphia', state: 'Pennsylvania', stateCode: 'PA' },
  { name: 'San Antonio', state: 'Texas', stateCode: 'TX' },
  { name: 'San Diego', state: 'California', stateCode: 'CA' },
  { name: 'Dallas', state: 'Texas', stateCode: 'TX' },
  { name: 'Jacksonville', state: 'Florida', stateCode: 'FL' },
  { name: 'Fort Worth', state: 'Texas', stateCode: 'TX' },
  { name: 'San Jose', state: 'California', stateCode: 'CA' },
  { name: 'Austin', state: 'Texas', stateCode: 'TX' },
  { name: 'Charlotte', state: 'North Carolina', stateCode: 'NC' },
  { name: 'Columbus', state: 'Ohio', stateCode: 'OH' },
  { name: 'Indianapolis', state: 'Indiana', stateCode: 'IN' },
  { name: 'San Francisco', state: 'California', stateCode: 'CA' },
  { name: 'Seattle', state: 'Washington', stateCode: 'WA' },
  { name: 'Denver', state: 'Colorado', stateCode: 'CO' },
  { name: 'Oklahoma City', state: 'Oklahoma', stateCode: 'OK' },
  { name: 'Nashville', state: 'Tennessee', stateCode: 'TN' },
  { name: 'Washington', state: 'District of Columbia', stateCode: 'DC' },
  { name: 'El Paso', state: 'Texas', stateCode: 'TX' },
  { name: 'Las Vegas', state: 'Nevada', stateCode: 'NV' },
  { name: 'Boston', state: 'Massachusetts', stateCode: 'MA' },
  { name: 'Detroit', state: 'Michigan', stateCode: 'MI' },
  { name: 'Portland', state: 'Oregon', stateCode: 'OR' },
  { name: 'Louisville', state: 'Kentucky', stateCode: 'KY' },
  { name: 'Memphis', state: 'Tennessee', stateCode: 'TN' },
  { name: 'Baltimore', state: 'Maryland', stateCode: 'MD' },
  { name: 'Milwaukee', state: 'Wisconsin', stateCode: 'WI' },
  { name: 'Albuquerque', state: 'New Mexico', stateCode: 'NM' },
  { name: 'Tucson', state: 'Arizona', stateCode: 'AZ' },
  { name: 'Fresno', state: 'California', stateCode: 'CA' },
  { name: 'Sacramento', state: 'California', stateCode: 'CA' },
  { name: 'Mesa', state: 'Arizona', stateCode: 'AZ' },
  { name: 'Atlanta', state: 'Georgia', stateCode: 'GA' },
  { name: 'Kansas City', state: 'Missouri', stateCode: 'MO' },
  { name: 'Colorado Springs', state: 'Colorado', stateCode: 'CO' },
  { name: 'Omaha', state: 'Nebraska', stateCode: 'NE' },
  { name: 'Raleigh', state: 'North Carolina', stateCode: 'NC' },
  { name: 'Miami', state: 'Florida', stateCode: 'FL' },
  { name: 'Virginia Beach', state: 'Virginia', stateCode: 'VA' },
  { name: 'Long Beach', state: 'California', stateCode: 'CA' },
  { name: 'Oakland', state: 'California', stateCode: 'CA' },
  { name: 'Minneapolis', state: 'Minnesota', stateCode: 'MN' },
  { name: 'Tulsa', state: 'Oklahoma', stateCode: 'OK' },
  { name: 'Tampa', state: 'Florida', stateCode: 'FL' },
  { name: 'Arlington', state: 'Texas', stateCode: 'TX' },
  { name: 'New Orleans', state: 'Louisiana', stateCode: 'LA' },
];

export const US_CITIES: readonly City[] = RAW.map((c) => ({ ...c, display: formatCity(c.name, c.state) }));

/**
 * Monaco: the landing promises 'Miami · Monaco' (docs/product.md#product), so it can be searched
 * and has a demo yacht. A city-state: its 'state' is its own name, and it reads 'Monaco'
 * (formatCity).
 */
export const MONACO: City = {
  name: 'Monaco',
  state: 'Monaco',
  stateCode: 'MC',
  display: formatCity('Monaco', 'Monaco'),
};

/** Every place the autocomplete offers: the 50 US cities, then Monaco. */
export const CITIES: readonly City[] = [...US_CITIES, MONACO];

/** Default location of the sign-up location step (docs/product.md#accounts-location). */
export const DEFAULT_LOCATION = { city: 'Miami', state: 'Florida' } as const;

export const CITY_SUGGESTION_MIN_CHARS = 2;
export const CITY_SUGGESTION_LIMIT = 6;

/**
 * Suggestions for what the user typed: nothing under 2 characters; a case-insensitive
 * match on the city name, the state name or the display text; at most 6. Cities whose
 * name starts with the text come first, then other city-name matches, then state or
 * display-text matches, each group in list order.
 */
export function searchCities(query: string, limit = CITY_SUGGESTION_LIMIT): City[] {
  const q = query.trim().toLowerCase();
  if (q.length < CITY_SUGGESTION_MIN_CHARS) return [];
  const rank = (c: City): number => {
    const name = c.name.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.includes(q)) return 1;
    if (c.state.toLowerCase().includes(q) || c.display.toLowerCase().includes(q)) return 2;
    return -1;
  };
  return CITIES.map((c, i) => ({ c, i, r: rank(c) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.c);
}

/** The city whose name or 'City, ST' text is exactly the given text (case-insensitive), if any. */
export function findCity(text: string): City | undefined {
  const t = text.trim().toLowerCase();
  return CITIES.find((c) => c.name.toLowerCase() === t || c.display.toLowerCase() === t);
}
