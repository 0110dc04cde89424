import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { FRIEND_MESSAGES, friendInputSchema } from './bookings';
import { TEXT_LIMITS, tooLongMessage } from './text-limits';
import {
  bartenderInputSchema,
  dancerInputSchema,
  formatHourlyPrice,
  parsePricingTier,
  readPricingTiers,
  SECTION_MESSAGES,
  sectionInputSchema,
  STAFF_MESSAGES,
  VENUE_IMAGE_MESSAGES,
  VENUE_MESSAGES,
  venueImagePath,
  venueInputSchema,
} from './venues';

const base = {
  name: 'Azure',
  type: 'yacht',
  city: 'Miami, FL',
  state: 'Florida',
  address: 'Pier 5',
  capacity: 12,
  pricePerHour: 900,
};

describe('pricing tiers', () => {
  it('reads JSON text, objects and the legacy "hours:price" text; anything else is null', () => {
    expect(parsePricingTier('{"hours":4,"price":2100}')).toEqual({ hours: 4, price: 2100 });
    expect(parsePricingTier({ hours: 2, price: 1200.5 })).toEqual({ hours: 2, price: 1200.5 });
    expect(parsePricingTier(' 8 : 4000 ')).toEqual({ hours: 8, price: 4000 });
    for (const bad of ['8-4000', '{"hours":0,"price":1}', '{"hours":2,"price":0}', '2.5:100', null, 42])
      expect(parsePricingTier(bad)).toBeNull();
  });

  it('sorts tiers by hours and leaves unreadable stored entries out', () => {
    expect(readPricingTiers(['8:4000', '{"hours":2,"price":1200}', 'junk', '4:2100'])).toEqual([
      { hours: 2, price: 1200 },
      { hours: 4, price: 2100 },
      { hours: 8, price: 4000 },
    ]);
    expect(readPricingTiers(null)).toEqual([]);
  });

  it('the input schema sorts tiers and refuses duplicate hours', () => {
    const ok = venueInputSchema.parse({ ...base, pricingTiers: ['6:3000', { hours: 2, price: 1000 }] });
    expect(ok.pricingTiers).toEqual([
      { hours: 2, price: 1000 },
      { hours: 6, price: 3000 },
    ]);
    const dup = venueInputSchema.safeParse({ ...base, pricingTiers: ['2:3000', { hours: 2, price: 1000 }] });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0].message).toBe('Each pricing tier needs different hours');
  });
  it('takes tier prices in whole cents from $0.01 to $10,000,000 (a tier is charged as it is)', () => {
    const first = (price: unknown) =>
      venueInputSchema.safeParse({ ...base, pricingTiers: [{ hours: 2, price }] }).error?.issues[0]?.message;
    for (const price of [0.01, 1200.5, 99.99, 10_000_000]) expect(first(price)).toBeUndefined();
    for (const price of [0, 0.004, -5, 10_000_000.01, '100']) expect(first(price)).toBe(VENUE_MESSAGES.tierPrice);
    for (const price of [0.015, 12.345, 1200.001]) expect(first(price)).toBe(VENUE_MESSAGES.cents);
  });
});

describe('venue input', () => {
  it('accepts ratings from 1 to 5 in steps of 0.1 only', () => {
    for (const rating of [1, 4.7, 5]) expect(venueInputSchema.safeParse({ ...base, rating }).success).toBe(true);
    for (const rating of [0.9, 4.75, 5.1])
      expect(venueInputSchema.safeParse({ ...base, rating }).error?.issues[0].message).toBe(
        'Rating must be between 1 and 5 in steps of 0.1',
      );
  });
  it('takes hourly prices in whole cents, venue and section alike', () => {
    expect(venueInputSchema.safeParse({ ...base, pricePerHour: 99_999_999.99 }).success).toBe(true);
    expect(venueInputSchema.safeParse({ ...base, pricePerHour: 12.345 }).error?.issues[0].message).toBe(
      VENUE_MESSAGES.cents,
    );
    const section = { name: 'VIP 1', type: 'Table', capacity: 8 };
    expect(sectionInputSchema.safeParse({ ...section, pricePerHour: 250.25 }).success).toBe(true);
    expect(sectionInputSchema.safeParse({ ...section, pricePerHour: 250.255 }).error?.issues[0].message).toBe(
      VENUE_MESSAGES.cents,
    );
  });
  it('tells too long apart from missing, at the limits TEXT_LIMITS gives the forms', () => {
    const section = { name: 'VIP 1', type: 'Table', capacity: 8, pricePerHour: 100 };
    const cases: [z.ZodType, Record<string, unknown>, string, number, string, string][] = [
      [
        venueInputSchema,
        base,
        'name',
        TEXT_LIMITS.venueName,
        VENUE_MESSAGES.name,
        'Venue name must be at most 120 characters',
      ],
      [
        venueInputSchema,
        base,
        'address',
        TEXT_LIMITS.address,
        VENUE_MESSAGES.address,
        'Address must be at most 300 characters',
      ],
      [
        sectionInputSchema,
        section,
        'name',
        TEXT_LIMITS.sectionName,
        SECTION_MESSAGES.name,
        'Section name must be at most 120 characters',
      ],
      [
        sectionInputSchema,
        section,
        'type',
        TEXT_LIMITS.sectionType,
        SECTION_MESSAGES.type,
        'Section type must be at most 60 characters',
      ],
      [
        bartenderInputSchema,
        {},
        'name',
        TEXT_LIMITS.staffName,
        STAFF_MESSAGES.name,
        'Name must be at most 120 characters',
      ],
      [
        dancerInputSchema,
        {},
        'name',
        TEXT_LIMITS.staffName,
        STAFF_MESSAGES.name,
        'Name must be at most 120 characters',
      ],
      [
        friendInputSchema,
        {},
        'name',
        TEXT_LIMITS.friendName,
        FRIEND_MESSAGES.name,
        'Friend name must be at most 120 characters',
      ],
    ];
    for (const [schema, rest, field, max, required, tooLong] of cases) {
      const first = (value: string) =>
        schema.safeParse({ ...rest, [field]: value }).error?.issues.find((i) => i.path[0] === field)?.message;
      expect([field, first('x'.repeat(max))]).toEqual([field, undefined]);
      expect([field, first('x'.repeat(max + 1))]).toEqual([field, tooLong]);
      expect([field, first('   ')]).toEqual([field, required]);
    }
    expect(tooLongMessage('Friend name', 120)).toBe('Friend name must be at most 120 characters');
  });
  it('formats the hourly price', () => {
    expect(formatHourlyPrice('1250.00')).toBe('$1,250/hr');
    expect(formatHourlyPrice(99.5)).toBe('$99.50/hr');
  });
});

describe('dancers and photos', () => {
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('the price modifier is 0.5 to 3.0 in steps of 0.01, 1.00 by default', () => {
    expect(dancerInputSchema.parse({ name: 'Aurora' }).priceModifier).toBe(1);
    for (const ok of [0.5, 1.25, 2.99, 3])
      expect(dancerInputSchema.parse({ name: 'A', priceModifier: ok }).priceModifier).toBe(ok);
    for (const bad of [0.49, 3.01, 1.255, '1.5'])
      expect(message(dancerInputSchema.safeParse({ name: 'A', priceModifier: bad }))).toBe(
        STAFF_MESSAGES.priceModifier,
      );
    expect(message(bartenderInputSchema.safeParse({ name: '  ' }))).toBe(STAFF_MESSAGES.name);
  });

  it("images are the owner's photo paths only (no outside URL), at most 5 for staff", () => {
    const owner = '6f1c1d39-3a4f-4a49-8d8e-7d1f7c0f6f7e';
    const path = venueImagePath(owner, '0b7e0f9e-1d2c-4b5a-9e8f-123456789abc.jpg');
    expect(dancerInputSchema.parse({ name: 'A', images: [path] }).images).toEqual([path]);
    expect(message(dancerInputSchema.safeParse({ name: 'A', images: ['https://tracker.example/pixel.gif'] }))).toBe(
      VENUE_IMAGE_MESSAGES.imagePath,
    );
    expect(message(dancerInputSchema.safeParse({ name: 'A', images: [`${path}.svg`] }))).toBe(
      VENUE_IMAGE_MESSAGES.imagePath,
    );
    expect(dancerInputSchema.safeParse({ name: 'A', images: Array(6).fill(path) }).success).toBe(false);
  });
});
