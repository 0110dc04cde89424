import { describe, expect, it } from '@jest/globals';
import { sectionPrice, yachtPrice } from './bookings';
import {
  CARD_MINIMUM_CENTS,
  cardChargeable,
  DEPOSIT_MESSAGES,
  depositCents,
  sectionAmounts,
  takesDeposit,
  toCents,
  yachtAmounts,
} from './deposits';
import { sectionInputSchema } from './venues';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const section = { name: 'Booth', type: 'Table', capacity: 4, pricePerHour: 300 };

describe('section totals with a minimum spend', () => {
  it('is the price for the hours when there is no minimum spend', () => {
    expect(sectionAmounts(sectionPrice(300, 3), { minimumSpend: null, depositPercent: 0 })).toEqual({
      total: 900,
      minimumSpend: null,
      depositPercent: 0,
      depositAmount: 0,
      balanceDue: 900,
    });
  });

  it('is the minimum spend when the hours cost less, and the price when they cost more', () => {
    expect(sectionAmounts(sectionPrice(300, 2), { minimumSpend: '1000.00', depositPercent: 0 }).total).toBe(1000);
    expect(sectionAmounts(sectionPrice(300, 4), { minimumSpend: 1000, depositPercent: 0 }).total).toBe(1200);
    // Equal: either way the same.
    expect(sectionAmounts(sectionPrice(250, 4), { minimumSpend: 1000, depositPercent: 0 }).total).toBe(1000);
    // The entertainer's modifier is part of the price the minimum spend is compared with.
    expect(sectionAmounts(sectionPrice(600, 1, 1.25), { minimumSpend: 700.5, depositPercent: 0 })).toMatchObject({
      total: 750,
      minimumSpend: 700.5,
    });
    expect(sectionAmounts(sectionPrice(600, 1, 1.25), { minimumSpend: 750.01, depositPercent: 0 }).total).toBe(750.01);
  });

  it('treats a missing or zero minimum spend as none', () => {
    expect(sectionAmounts(500, {}).minimumSpend).toBeNull();
    expect(sectionAmounts(500, { minimumSpend: 0 }).minimumSpend).toBeNull();
    expect(sectionAmounts(500, {}).depositPercent).toBe(0);
  });
});

describe('deposit and balance rounding (half-up on cents)', () => {
  it('33 % of $100.01 is $33.00 (3300.33 cents rounds down), the balance $67.01', () => {
    expect(sectionAmounts(100.01, { depositPercent: 33 })).toMatchObject({
      total: 100.01,
      depositAmount: 33,
      balanceDue: 67.01,
    });
  });

  it('rounds half a cent up', () => {
    // 50 % of 1 cent = 0.5 cent → 1 cent; 50 % of $0.03 = 1.5 cents → 2 cents.
    expect(depositCents(1, 50)).toBe(1);
    expect(depositCents(3, 50)).toBe(2);
    // 25 % of $100.02 = 2500.5 cents → $25.01; 25 % of $100.01 = 2500.25 cents → $25.00.
    expect(sectionAmounts(100.02, { depositPercent: 25 })).toMatchObject({ depositAmount: 25.01, balanceDue: 75.01 });
    expect(sectionAmounts(100.01, { depositPercent: 25 })).toMatchObject({ depositAmount: 25, balanceDue: 75.01 });
    // 67 % of $0.99 = 66.33 cents → 66; 1 % of $0.50 = 0.5 cent → 1.
    expect(depositCents(99, 67)).toBe(66);
    expect(depositCents(50, 1)).toBe(1);
  });

  it('0 % takes nothing now; 100 % takes everything now', () => {
    expect(sectionAmounts(1234.56, { depositPercent: 0 })).toMatchObject({ depositAmount: 0, balanceDue: 1234.56 });
    expect(sectionAmounts(1234.56, { depositPercent: 100 })).toMatchObject({ depositAmount: 1234.56, balanceDue: 0 });
  });

  it('deposit + balance is always exactly the total, in cents, for odd amounts and every percentage', () => {
    for (const total of [0.01, 0.99, 1, 99.99, 100.01, 333.33, 1234.57, 99_999_999.99]) {
      for (let p = 0; p <= 100; p++) {
        const a = sectionAmounts(total, { depositPercent: p });
        expect(toCents(a.depositAmount) + toCents(a.balanceDue)).toBe(toCents(total));
        // The percentage, to the half cent, unless that is under the card minimum (then raised to it, never above the total).
        const rounded = depositCents(toCents(total), p);
        expect(Math.abs(rounded - (toCents(total) * p) / 100)).toBeLessThanOrEqual(0.5);
        if (rounded > 0 && rounded < CARD_MINIMUM_CENTS)
          expect(toCents(a.depositAmount)).toBe(Math.min(toCents(total), CARD_MINIMUM_CENTS));
        else expect(toCents(a.depositAmount)).toBe(rounded);
      }
    }
  });

  it("raises a deposit under the card provider's minimum charge to it, never above the total (issue 29)", () => {
    // 1 % of $20 = 20 cents: Stripe would refuse it; the deposit is $0.50, the balance $19.50.
    expect(sectionAmounts(20, { depositPercent: 1 })).toMatchObject({ depositAmount: 0.5, balanceDue: 19.5 });
    // A total under the minimum: the whole total (the hold then refuses it as below the card minimum).
    expect(sectionAmounts(0.3, { depositPercent: 10 })).toMatchObject({ depositAmount: 0.3, balanceDue: 0 });
    expect(cardChargeable(10_000, 0)).toBe(0);
    expect(cardChargeable(10_000, 49)).toBe(50);
    expect(cardChargeable(10_000, 51)).toBe(51);
    expect(cardChargeable(40, 4)).toBe(40);
  });

  it('applies the deposit to the minimum spend when that is the total', () => {
    // 2 h × $500 = $1000 < $2500 minimum: 25 % of $2500.
    expect(sectionAmounts(sectionPrice(500, 2), { minimumSpend: '2500.00', depositPercent: 25 })).toEqual({
      total: 2500,
      minimumSpend: 2500,
      depositPercent: 25,
      depositAmount: 625,
      balanceDue: 1875,
    });
  });

  it('refuses a percentage outside 0–100 or not whole, and a negative or fractional-cent total', () => {
    expect(() => depositCents(100, 101)).toThrow(RangeError);
    expect(() => depositCents(100, -1)).toThrow(RangeError);
    expect(() => depositCents(100, 12.5)).toThrow(RangeError);
    expect(() => depositCents(-1, 10)).toThrow(RangeError);
    expect(() => depositCents(1.5, 10)).toThrow(RangeError);
  });
});

describe('yachts', () => {
  it('are paid in full now: the deposit is the total, no balance', () => {
    const venue = { pricePerHour: 900, pricingTiers: [{ hours: 4, price: 3200 }] };
    expect(yachtAmounts(yachtPrice(venue, 4))).toEqual({
      total: 3200,
      minimumSpend: null,
      depositPercent: 100,
      depositAmount: 3200,
      balanceDue: 0,
    });
    expect(yachtAmounts(yachtPrice({ pricePerHour: 333.33, pricingTiers: [] }, 3))).toMatchObject({
      total: 1000,
      depositAmount: 1000,
      balanceDue: 0,
    });
  });
});

describe('section minimum spend and deposit fields', () => {
  it('default to none and 0 %', () => {
    expect(sectionInputSchema.parse(section)).toMatchObject({ minimumSpend: null, depositPercent: 0 });
    expect(takesDeposit(sectionInputSchema.parse(section))).toBe(false);
    expect(takesDeposit(sectionInputSchema.parse({ ...section, depositPercent: 25 }))).toBe(true);
  });

  it('accept dollars and cents and whole percentages 0–100', () => {
    expect(sectionInputSchema.parse({ ...section, minimumSpend: 2500.5, depositPercent: 100 })).toMatchObject({
      minimumSpend: 2500.5,
      depositPercent: 100,
    });
    expect(sectionInputSchema.parse({ ...section, minimumSpend: null, depositPercent: 0 })).toMatchObject({
      minimumSpend: null,
      depositPercent: 0,
    });
  });

  it.each([[0], [-5], [10.001], [100_000_000], ['1000']])(
    'refuse minimum spend %p with its message',
    (minimumSpend) => {
      expect(first(sectionInputSchema.safeParse({ ...section, minimumSpend }))).toBe(DEPOSIT_MESSAGES.minimumSpend);
    },
  );

  it.each([[-1], [101], [12.5], ['25'], [null]])('refuse deposit percent %p with its message', (depositPercent) => {
    expect(first(sectionInputSchema.safeParse({ ...section, depositPercent }))).toBe(DEPOSIT_MESSAGES.depositPercent);
  });
});
