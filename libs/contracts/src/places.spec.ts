import { describe, expect, it } from '@jest/globals';
import { cityName, formatCity, normalizeState, stateCode, usStateName } from './places';

describe('places (issue 31.10)', () => {
  it('normalises a state given by name or code, any case; keeps other places as typed', () => {
    expect(usStateName('nv')).toBe('Nevada');
    expect(usStateName(' district of columbia ')).toBe('District of Columbia');
    expect(usStateName('Monaco')).toBeNull();
    expect(normalizeState('FL')).toBe('Florida');
    expect(normalizeState('florida')).toBe('Florida');
    expect(normalizeState(' Monaco ')).toBe('Monaco');
    expect(stateCode('Florida')).toBe('FL');
    expect(stateCode('fl')).toBe('FL');
    expect(stateCode('Monaco')).toBe('Monaco');
  });

  it('writes a city one way whatever was stored', () => {
    expect(cityName('Miami, FL')).toBe('Miami');
    expect(formatCity('Miami', 'Florida')).toBe('Miami, FL');
    expect(formatCity('Miami, FL', 'Florida')).toBe('Miami, FL');
    expect(formatCity('Miami, FL', 'FL')).toBe('Miami, FL');
    expect(formatCity('Monaco', 'Monaco')).toBe('Monaco');
    expect(formatCity('', 'Florida')).toBe('FL');
    expect(formatCity('Austin', '')).toBe('Austin');
    expect(formatCity(null, null)).toBe('');
  });
});
