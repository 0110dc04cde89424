import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateVenues1700000006000 } from './1700000006000-create-venues';
import { CreateSections1700000007000 } from './1700000007000-create-sections';
import { CreateStaff1700000008000 } from './1700000008000-create-staff';
import { CreateVenueBookings1700000009000 } from './1700000009000-create-venue-bookings';
import { CreateEntertainers1700000021000 } from './1700000021000-create-entertainers';
import { CancellationPolicy1700000023000 } from './1700000023000-cancellation-policy';
import { SectionDeposits1700000026000 } from './1700000026000-section-deposits';
import { VenueBookingUnits1700000036000 } from './1700000036000-venue-booking-units';
import { VenuesPublicCityPage1700000047100 } from './1700000047100-venues-public-city-page';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [
  ...ERASURE_MIGRATIONS,
  CreateVenues1700000006000,
  CreateSections1700000007000,
  CreateStaff1700000008000,
  CreateVenueBookings1700000009000,
  CreateEntertainers1700000021000,
  CancellationPolicy1700000023000,
  SectionDeposits1700000026000,
  VenueBookingUnits1700000036000,
  VenuesPublicCityPage1700000047100,
];
