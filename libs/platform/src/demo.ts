/**
 * The demo accounts of the embedded mode (or SEED_DEMO_DATA=true), with fixed ids so every
 * service's seed can refer to them without asking identity (services never call each other):
 * identity registers them with these ids, venues lists the demo owner's venues under his.
 */
export const DEMO_ACCOUNTS = {
  host: {
    id: '0d5a1c3e-7f10-4a51-9c1e-000000000001',
    email: 'host@demo.luxeswipe.test',
    firstName: 'Hugo',
    lastName: 'Host',
    userType: 'host',
    gender: 'male',
  },
  guest: {
    id: '0d5a1c3e-7f10-4a51-9c1e-000000000002',
    email: 'guest@demo.luxeswipe.test',
    firstName: 'Gina',
    lastName: 'Guest',
    userType: 'guest',
    gender: 'female',
  },
  venue: {
    id: '0d5a1c3e-7f10-4a51-9c1e-000000000003',
    email: 'venue@demo.luxeswipe.test',
    firstName: 'Vera',
    lastName: 'Venue',
    userType: 'venue',
    gender: null,
  },
  entertainer: {
    id: '0d5a1c3e-7f10-4a51-9c1e-000000000004',
    email: 'dancer@demo.luxeswipe.test',
    firstName: 'Electra',
    lastName: 'Entertainer',
    userType: 'entertainer',
    gender: 'female',
  },
} as const;
