import { describe, expect, it } from 'vitest';
import { cityName, locationOf, locationText, parseLocation, parseSearch, stateName } from './location';

describe('discovery locations', () => {
  it('reads a stored user location, else Miami, Florida', () => {
    expect(locationOf({ city: 'Tampa, FL', state: 'Florida' })).toEqual({ city: 'Tampa', state: 'Florida' });
    expect(locationOf({ city: 'Austin', state: 'tx' })).toEqual({ city: 'Austin', state: 'Texas' });
    expect(locationOf({ city: '', state: 'Texas' })).toEqual({ city: 'Miami', state: 'Florida' });
    expect(locationOf(null)).toEqual({ city: 'Miami', state: 'Florida' });
  });

  it('parses a known city, or City, State with a state name or code', () => {
    expect(parseLocation('tampa')).toEqual({ city: 'Tampa', state: 'Florida' });
    expect(parseLocation('Tampa, FL')).toEqual({ city: 'Tampa', state: 'Florida' });
    expect(parseLocation(' Key West , florida ')).toEqual({ city: 'Key West', state: 'Florida' });
    expect(parseLocation('Key West, Atlantis')).toBeNull();
    expect(parseLocation('Florida')).toBeNull();
    expect(parseLocation(', FL')).toBeNull();
  });

  it('names and writes places', () => {
    expect(cityName('Miami, FL')).toBe('Miami');
    expect(stateName('ny')).toBe('New York');
    expect(stateName('Ontario')).toBeNull();
    expect(locationText({ city: 'Miami', state: 'Florida' })).toBe('Miami, FL');
  });

  it('a search is a location, else a state alone, else nothing (issue 31.10)', () => {
    expect(parseSearch('Tampa')).toEqual({ city: 'Tampa', state: 'Florida' });
    expect(parseSearch('NV')).toEqual({ state: 'Nevada' });
    expect(parseSearch(' nevada ')).toEqual({ state: 'Nevada' });
    expect(parseSearch('Monaco')).toEqual({ city: 'Monaco', state: 'Monaco' });
    expect(parseSearch('Jackso')).toBeNull();
    expect(locationText({ state: 'Nevada' })).toBe('Nevada');
    expect(locationText({ city: 'Monaco', state: 'Monaco' })).toBe('Monaco');
  });
});
