import type { ServiceDefinition } from '@luxe/platform/runtime';
import { adminSettingsSchema } from './accounts/admin.settings';
import { AdminAccount } from './accounts/admin-account.entity';
import { AuditRow } from './audit/audit.entity';
import { ADMIN_CATALOG_ENTITIES } from './catalog/catalog.entity';
import { migrations } from './migrations';
import { AdminModule } from './admin.module';
import { seedAdmin } from './seed';

export { DEMO_ADMIN } from './seed';

export const adminService: ServiceDefinition = {
  name: 'admin',
  module: AdminModule,
  migrations,
  entities: [AdminAccount, AuditRow, ...ADMIN_CATALOG_ENTITIES],
  settings: adminSettingsSchema,
  seed: seedAdmin,
};
