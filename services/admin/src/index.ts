import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { AdminModule } from './admin.module';

export const adminService: ServiceDefinition = {
  name: 'admin',
  module: AdminModule,
  migrations,
};
