import type { INestApplication } from '@nestjs/common';
import type { SeedOptions } from '@luxe/platform/runtime';
import { AdminAccountsService } from './accounts/admin-accounts.service';

/** The demo admin of the embedded mode (or SEED_DEMO_DATA=true); the password comes from DEMO_PASSWORD. */
export const DEMO_ADMIN = { email: 'admin@demo.luxeswipe.test', name: 'Demo Admin' } as const;

export async function seedAdmin(app: INestApplication, opts: SeedOptions): Promise<void> {
  await app.get(AdminAccountsService).ensure(DEMO_ADMIN.email, opts.demoPassword, DEMO_ADMIN.name);
}
