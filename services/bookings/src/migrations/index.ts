import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateCatalog1700000010000 } from './1700000010000-create-catalog';
import { CreateBookings1700000011000 } from './1700000011000-create-bookings';
import { CreateFriends1700000012000 } from './1700000012000-create-friends';
import { CreateBookingAttendees1700000013000 } from './1700000013000-create-booking-attendees';
import { Cancellations1700000024000 } from './1700000024000-cancellations';
import { BookingDeposits1700000027000 } from './1700000027000-booking-deposits';
import { CatalogCapacities1700000029000 } from './1700000029000-catalog-capacities';
import { CreatePasses1700000032000 } from './1700000032000-create-passes';
import { AttendeePaths1700000033200 } from './1700000033200-attendee-paths';
import { DancerOverlap1700000041000 } from './1700000041000-dancer-overlap';
import { DoorStaff1700000042700 } from './1700000042700-door-staff';
import { BookingWindowCheck1700000043420 } from './1700000043420-booking-window-check';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [
  ...ERASURE_MIGRATIONS,
  CreateCatalog1700000010000,
  CreateBookings1700000011000,
  CreateFriends1700000012000,
  CreateBookingAttendees1700000013000,
  Cancellations1700000024000,
  BookingDeposits1700000027000,
  CatalogCapacities1700000029000,
  CreatePasses1700000032000,
  AttendeePaths1700000033200,
  DancerOverlap1700000041000,
  DoorStaff1700000042700,
  BookingWindowCheck1700000043420,
];
