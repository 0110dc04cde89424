import { describe, expect, it } from '@jest/globals';
import {
  bookingDateProblem,
  bookingInputSchema,
  bookingWindow,
  BOOKING_MESSAGES,
  endTimeOf,
  guestVisibilityInputSchema,
  paymentIntentInputSchema,
  sectionPrice,
  START_TIMES,
  lastBookableDate,
  todayInNewYork,
  yachtPrice,
  yachtPriceDrops,
} from './bookings';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('schedule', () => {
  it('offers every hour from 6:00 PM to 2:00 AM', () => {
    expect(START_TIMES).toEqual(['18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00']);
  });

  it('ends at start + duration, wrapped at 24 h', () => {
    expect(endTimeOf('18:00', 4)).toBe('22:00');
    expect(endTimeOf('22:00', 3)).toBe('01:00');
    expect(endTimeOf('23:00', 1)).toBe('00:00');
    expect(endTimeOf('02:00', 6)).toBe('08:00');
  });

  it('places a window in New York time; hours after midnight belong to the night of the date', () => {
    // 2026-11-21 is in EST (UTC-5); 2026-07-04 in EDT (UTC-4).
    expect(bookingWindow('2026-11-21', '22:00', 3)).toEqual({
      startsAt: new Date('2026-11-22T03:00:00Z'),
      endsAt: new Date('2026-11-22T06:00:00Z'),
    });
    expect(bookingWindow('2026-11-21', '01:00', 2)).toEqual({
      startsAt: new Date('2026-11-22T06:00:00Z'),
      endsAt: new Date('2026-11-22T08:00:00Z'),
    });
    expect(bookingWindow('2026-07-04', '18:00', 1).startsAt).toEqual(new Date('2026-07-04T22:00:00Z'));
  });

  it('windows that cross midnight overlap the way a calendar does', () => {
    const overlap = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
      a.startsAt < b.endsAt && b.startsAt < a.endsAt;
    const late = bookingWindow('2026-11-21', '23:00', 3); // 23:00 → 02:00
    expect(overlap(late, bookingWindow('2026-11-21', '01:00', 1))).toBe(true);
    expect(overlap(late, bookingWindow('2026-11-21', '02:00', 1))).toBe(false);
    expect(overlap(late, bookingWindow('2026-11-22', '00:00', 1))).toBe(false); // the next night
    expect(overlap(bookingWindow('2026-11-21', '18:00', 6), late)).toBe(true); // 18:00 → 00:00
  });

  it("knows today's date in New York, not UTC", () => {
    expect(todayInNewYork(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21');
    expect(todayInNewYork(new Date('2026-11-22T05:30:00Z'))).toBe('2026-11-22');
  });

  it('turns the date at New York midnight to the second, in winter and in summer, and the horizon with it', () => {
    // Computed once per minute: the last second of a night, then the first of the next.
    expect(todayInNewYork(new Date('2026-11-22T04:59:00Z'))).toBe('2026-11-21');
    expect(todayInNewYork(new Date('2026-11-22T04:59:59.999Z'))).toBe('2026-11-21');
    expect(lastBookableDate(new Date('2026-11-22T04:59:59.999Z'))).toBe('2027-11-21');
    expect(todayInNewYork(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
    expect(lastBookableDate(new Date('2026-11-22T05:00:00Z'))).toBe('2027-11-22');
    expect(todayInNewYork(new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30');
    expect(todayInNewYork(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});

describe('prices', () => {
  const yacht = { pricePerHour: '900.00', pricingTiers: ['{"hours":4,"price":3200}', '2:1700', 'junk'] };
  it('a yacht takes the tier for exactly those hours, else the hourly price × hours, rounded', () => {
    expect(yachtPrice(yacht, 4)).toBe(3200);
    expect(yachtPrice(yacht, 2)).toBe(1700);
    expect(yachtPrice(yacht, 3)).toBe(2700);
    expect(yachtPrice({ pricePerHour: '333.33', pricingTiers: [] }, 3)).toBe(1000);
    expect(yachtPrice({ pricePerHour: 333.5, pricingTiers: [] }, 1)).toBe(334);
  });
  it('a section rounds the hourly price × the entertainer modifier, then multiplies by the hours', () => {
    expect(sectionPrice('600.00', 3)).toBe(1800);
    expect(sectionPrice('600.00', 3, '1.25')).toBe(2250);
    expect(sectionPrice('333.00', 2, 1.5)).toBe(1000); // 499.5 → 500 per hour
    expect(sectionPrice(99.99, 4, null)).toBe(400);
  });
});

describe('yacht prices that drop with more hours', () => {
  it('finds each bookable duration priced below a shorter one, priced as bookings are (tier, else hourly × hours)', () => {
    expect(
      yachtPriceDrops({
        pricePerHour: 500,
        pricingTiers: [
          { hours: 5, price: 2500 },
          { hours: 6, price: 2000 },
        ],
      }),
    ).toEqual([{ hours: 6, price: 2000, shorterHours: 5, shorterPrice: 2500 }]);
    // A tier above the hourly price makes the next hour cheaper; equal is no drop.
    expect(yachtPriceDrops({ pricePerHour: '500.00', pricingTiers: ['4:3000'] })).toEqual([
      { hours: 5, price: 2500, shorterHours: 4, shorterPrice: 3000 },
    ]);
    // Each drop names the dearest shorter duration.
    expect(
      yachtPriceDrops({
        pricePerHour: 1000,
        pricingTiers: [
          { hours: 3, price: 4500 },
          { hours: 5, price: 3500 },
        ],
      }).map((d) => [d.hours, d.shorterHours]),
    ).toEqual([
      [4, 3],
      [5, 3],
    ]);
    // Discounts that still rise with the hours, and tiers past 6 hours (not bookable), are fine.
    expect(
      yachtPriceDrops({
        pricePerHour: 900,
        pricingTiers: [
          { hours: 2, price: 1700 },
          { hours: 4, price: 3200 },
          { hours: 8, price: 10 },
        ],
      }),
    ).toEqual([]);
    expect(yachtPriceDrops({ pricePerHour: Number.NaN, pricingTiers: [] })).toEqual([]);
  });
});

describe('the booking payload', () => {
  const base = {
    venueId: '6f1c1d39-3a4f-4a49-8d8e-7d1f7c0f6f7e',
    bookingDate: '2026-12-31',
    startTime: '22:00',
    duration: 3,
  };
  it("reads the spec's payload: section -1 is the whole yacht, friends as JSON text, visibility joined by commas", () => {
    const b = bookingInputSchema.parse({
      ...base,
      sectionId: -1,
      friends: '[{"name":"Ana"},"Bo"]',
      guestVisibility: 'men,women',
      totalCost: '1',
      hostId: 'x',
      status: 'confirmed',
    });
    expect(b).toMatchObject({ sectionId: null, friends: ['Ana', 'Bo'], guestVisibility: 'men,women' });
    expect(b).not.toHaveProperty('totalCost');
    expect(b).not.toHaveProperty('hostId');
    expect(bookingInputSchema.parse(base)).toMatchObject({ friends: [], guestVisibility: 'both' });
  });
  it('refuses a bad start time, a duration of 7, a date that is not one, and an unknown visibility, with the messages', () => {
    expect(first(bookingInputSchema.safeParse({ ...base, startTime: '17:00' }))).toBe(BOOKING_MESSAGES.startTime);
    expect(first(bookingInputSchema.safeParse({ ...base, startTime: '22:30' }))).toBe(BOOKING_MESSAGES.startTime);
    expect(first(bookingInputSchema.safeParse({ ...base, duration: 7 }))).toBe(BOOKING_MESSAGES.duration);
    expect(first(bookingInputSchema.safeParse({ ...base, duration: 0 }))).toBe(BOOKING_MESSAGES.duration);
    expect(first(bookingInputSchema.safeParse({ ...base, bookingDate: '2026-02-30' }))).toBe(BOOKING_MESSAGES.date);
    expect(first(bookingInputSchema.safeParse({ ...base, guestVisibility: 'men,aliens' }))).toBe(
      BOOKING_MESSAGES.visibility,
    );
  });
  it('takes Both only on its own: men,both and women,both are refused with their message; men,women stays', () => {
    for (const guestVisibility of ['men,both', 'women,both', 'both,men,women', ' both , women']) {
      expect(first(bookingInputSchema.safeParse({ ...base, guestVisibility }))).toBe(
        BOOKING_MESSAGES.visibilityBothAlone,
      );
      expect(first(guestVisibilityInputSchema.safeParse({ guestVisibility }))).toBe(
        BOOKING_MESSAGES.visibilityBothAlone,
      );
      expect(first(paymentIntentInputSchema.safeParse({ ...base, guestVisibility }))).toBe(
        BOOKING_MESSAGES.visibilityBothAlone,
      );
    }
    expect(BOOKING_MESSAGES.visibilityBothAlone).toBe('Choose Both on its own: it already includes Men and Women');
    expect(guestVisibilityInputSchema.parse({ guestVisibility: 'women,men' }).guestVisibility).toBe('women,men');
    expect(guestVisibilityInputSchema.parse({ guestVisibility: 'both,both' }).guestVisibility).toBe('both');
  });
});

describe('bookingDateProblem (the booking forms)', () => {
  // 20:00 in New York on 1 May 2026.
  const now = new Date('2026-05-02T00:00:00Z');
  it('accepts today and the last night of the horizon', () => {
    expect(bookingDateProblem('2026-05-01', now)).toBeNull();
    expect(bookingDateProblem('2027-05-01', now)).toBeNull();
  });
  it('names what is wrong: none, no real date, before today, past the horizon, a five-digit year', () => {
    expect(bookingDateProblem('', now)).toBe(BOOKING_MESSAGES.date);
    expect(bookingDateProblem('2026-02-30', now)).toBe(BOOKING_MESSAGES.date);
    expect(bookingDateProblem('2026-04-30', now)).toBe(BOOKING_MESSAGES.pastDate);
    expect(bookingDateProblem('2027-05-02', now)).toBe(BOOKING_MESSAGES.tooFar);
    // A date input lets it through, and it sorts before '2026-…' as text.
    expect(bookingDateProblem('20266-05-01', now)).toBe(BOOKING_MESSAGES.tooFar);
  });
});
