import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateAdmin1700000020000 } from './1700000020000-create-admin';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [...ERASURE_MIGRATIONS, CreateAdmin1700000020000];
