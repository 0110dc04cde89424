import { describe, expect, it } from '@jest/globals';
import { DEPOSIT_MESSAGES, minimumSpendField } from './deposits';
import { sectionInputSchema, venueInputSchema } from './venues';

// Inputs schemathesis found (npm run test:fuzz) that the contract let through and the services
// then failed on or stored wrongly; each is now refused with the field's own message.
describe('amounts below a cent (schemathesis: 5e-324)', () => {
  const section = { name: 'Main', type: 'Table', capacity: 8, pricePerHour: 300 };
  const venue = {
    name: 'Velvet',
    type: 'club',
    city: 'Miami',
    state: 'Florida',
    address: '1 Night St',
    capacity: 80,
    pricePerHour: 300,
  };

  it('refuses a minimum spend that would be stored as 0.00 (the table refused it: a 500 before)', () => {
    for (const tiny of [5e-324, 0.001, 0.004]) {
      const r = minimumSpendField.safeParse(tiny);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(DEPOSIT_MESSAGES.minimumSpend);
      expect(sectionInputSchema.safeParse({ ...section, minimumSpend: tiny }).success).toBe(false);
    }
    expect(minimumSpendField.parse(0.01)).toBe(0.01);
    expect(minimumSpendField.parse(null)).toBeNull();
  });

  it('refuses an hourly price that would be stored as 0.00 (a free section or venue before)', () => {
    for (const tiny of [5e-324, 0.004]) {
      expect(sectionInputSchema.safeParse({ ...section, pricePerHour: tiny }).success).toBe(false);
      expect(venueInputSchema.safeParse({ ...venue, pricePerHour: tiny }).success).toBe(false);
    }
    expect(sectionInputSchema.parse({ ...section, pricePerHour: 0.01 }).pricePerHour).toBe(0.01);
    expect(venueInputSchema.parse({ ...venue, pricePerHour: 0.01 }).pricePerHour).toBe(0.01);
  });
});
