import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreatePayments1700000013000 } from './1700000013000-create-payments';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [...ERASURE_MIGRATIONS, CreatePayments1700000013000];
