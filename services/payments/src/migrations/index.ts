import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreatePayments1700000013000 } from './1700000013000-create-payments';
import { CreateRefunds1700000025000 } from './1700000025000-create-refunds';
import { CreateSplitPayments1700000035000 } from './1700000035000-create-split-payments';
import { PaymentLifecycle1700000041000 } from './1700000041000-payment-lifecycle';
import { EndedBookings1700000041500 } from './1700000041500-ended-bookings';
import { TestPayments1700000042000 } from './1700000042000-test-payments';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [
  ...ERASURE_MIGRATIONS,
  CreatePayments1700000013000,
  CreateRefunds1700000025000,
  CreateSplitPayments1700000035000,
  PaymentLifecycle1700000041000,
  EndedBookings1700000041500,
  TestPayments1700000042000,
];
