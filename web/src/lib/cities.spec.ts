import { describe, expect, it } from 'vitest';
import { findCity, searchCities, US_CITIES } from './cities';

describe('city list and search', () => {
  it('holds 50 distinct cities with a "City, ST" display text', () => {
    expect(US_CITIES).toHaveLength(50);
    expect(new Set(US_CITIES.map((c) => c.display)).size).toBe(50);
    expect(US_CITIES.find((c) => c.name === 'Miami')).toEqual({
      name: 'Miami',
      state: 'Florida',
      stateCode: 'FL',
      display: 'Miami, FL',
    });
  });

  it('suggests nothing under 2 characters', () => {
    expect(searchCities('')).toEqual([]);
    expect(searchCities('a')).toEqual([]);
    expect(searchCities(' m ')).toEqual([]);
  });

  it('matches city, state or display text case-insensitively, at most 6', () => {
    expect(searchCities('aUS').map((c) => c.display)).toEqual(['Austin, TX']);
    const texas = searchCities('texas');
    expect(texas).toHaveLength(6);
    expect(texas.every((c) => c.state === 'Texas')).toBe(true);
    expect(searchCities('Miami, fl').map((c) => c.display)).toEqual(['Miami, FL']);
    expect(searchCities('an').length).toBe(6);
  });

  it('puts cities whose name starts with the text first', () => {
    expect(
      searchCities('san')
        .map((c) => c.name)
        .slice(0, 4),
    ).toEqual(['San Antonio', 'San Diego', 'San Jose', 'San Francisco']);
    expect(searchCities('new')[0]!.name).toBe('New York');
  });

  it('finds a city typed in full', () => {
    expect(findCity('austin')?.display).toBe('Austin, TX');
    expect(findCity('Austin, TX')?.state).toBe('Texas');
    expect(findCity('Aus')).toBeUndefined();
  });
});
