import { CreateUserErasures1700000003000 } from '@luxe/platform/db';

/** Versioned migrations of this service, applied in order after the platform's outbox/inbox tables. */
export const migrations = [CreateUserErasures1700000003000];
