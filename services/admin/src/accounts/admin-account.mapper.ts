import type { Admin } from '@luxe/contracts';
import type { AdminAccount } from './admin-account.entity';

/** An admin as the API shows him (never his password hash). */
export const toAdmin = (a: AdminAccount): Admin => ({ id: a.id, email: a.email, name: a.name });
