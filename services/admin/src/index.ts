import type { ServiceDefinition } from '@luxe/platform';
import { migrations } from './migrations';
import { AdminModule, ErasureConsumer } from './admin.module';

export const adminService: ServiceDefinition = {
  name: 'admin',
  module: AdminModule,
  migrations,
  consumers: [ErasureConsumer],
};
