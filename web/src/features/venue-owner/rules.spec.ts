import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, UNLIMITED_BOOKINGS } from '@luxe/contracts';
import { acceptableVenueImages } from './api/images';
import { citiesOf, nextTierHours, parseCapacity, toggleExclusive, toggleVipRoom, VENUE_STATES } from './rules';

describe('section toggles (docs/product.md#venues-sections)', () => {
  it('VIP on: exclusive on and max 1 when max was unset or 999', () => {
    expect(
      toggleVipRoom({ isVipRoom: false, isExclusive: false, maxSimultaneousBookings: UNLIMITED_BOOKINGS }, true),
    ).toEqual({ isVipRoom: true, isExclusive: true, maxSimultaneousBookings: 1 });
    expect(toggleVipRoom({ isVipRoom: false, isExclusive: false, maxSimultaneousBookings: undefined }, true)).toEqual({
      isVipRoom: true,
      isExclusive: true,
      maxSimultaneousBookings: 1,
    });
  });
  it('VIP off leaves exclusive and max alone', () => {
    expect(toggleVipRoom({ isVipRoom: true, isExclusive: true, maxSimultaneousBookings: 1 }, false)).toEqual({
      isVipRoom: false,
      isExclusive: true,
      maxSimultaneousBookings: 1,
    });
  });
  it('Exclusive on sets 1; off sets 999', () => {
    expect(toggleExclusive({ isVipRoom: false, isExclusive: false, maxSimultaneousBookings: 20 }, true)).toEqual({
      isVipRoom: false,
      isExclusive: true,
      maxSimultaneousBookings: 1,
    });
    expect(toggleExclusive({ isVipRoom: false, isExclusive: true, maxSimultaneousBookings: 1 }, false)).toEqual({
      isVipRoom: false,
      isExclusive: false,
      maxSimultaneousBookings: 999,
    });
  });
});

describe('venue form rules', () => {
  it('a new tier defaults to (count + 1) x 2 hours', () => {
    expect(nextTierHours([])).toBe(2);
    expect(nextTierHours([{ hours: 2, price: 1 }])).toBe(4);
    expect(
      nextTierHours([
        { hours: 2, price: 1 },
        { hours: 8, price: 1 },
      ]),
    ).toBe(6);
  });
  it('capacity falls back to 1 on bad input', () => {
    expect(parseCapacity('40')).toBe(40);
    expect(parseCapacity('0')).toBe(1);
    expect(parseCapacity('-3')).toBe(1);
    expect(parseCapacity('abc')).toBe(1);
    expect(parseCapacity('')).toBe(1);
  });
  it('the city list depends on the state', () => {
    expect(citiesOf('Florida')).toEqual(['Jacksonville', 'Miami', 'Tampa']);
    expect(citiesOf('')).toEqual([]);
    expect(VENUE_STATES).toContain('Florida');
    expect(VENUE_STATES).not.toContain('Vermont');
  });
});

describe('photo selection (docs/product.md#venues-photos)', () => {
  const file = (name: string, type: string, size = 10) => {
    const f = new File([new Uint8Array(4)], name, { type });
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };
  it('takes JPG, PNG and WebP up to 10 MB, at most 5 and no more than there is room for', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.gif', 'image/gif'),
      file('c.png', 'image/png', MAX_IMAGE_BYTES),
      file('d.webp', 'image/webp', MAX_IMAGE_BYTES + 1),
      file('e.txt', 'text/plain'),
      file('f.webp', 'image/webp'),
      file('g.jpg', 'image/jpeg'),
      file('h.jpg', 'image/jpeg'),
      file('i.jpg', 'image/jpeg'),
    ];
    const { accepted, skipped } = acceptableVenueImages(files, 20);
    expect(accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.png', 'f.webp', 'g.jpg', 'h.jpg']);
    expect(skipped.map((f) => f.name)).toEqual(['b.gif', 'd.webp', 'e.txt', 'i.jpg']);
    expect(acceptableVenueImages(files, 2).accepted.map((f) => f.name)).toEqual(['a.jpg', 'c.png']);
    expect(acceptableVenueImages(files, 0).accepted).toEqual([]);
  });
});
