import { ERASURE_MIGRATIONS } from '@luxe/platform/db';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [...ERASURE_MIGRATIONS];
