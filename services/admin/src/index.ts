import type { ServiceDefinition } from '@luxe/platform';
import { ErasureConsumer } from './erasure/erasure.consumer';
import { migrations } from './migrations';
import { AdminModule } from './admin.module';

export const adminService: ServiceDefinition = {
  name: 'admin',
  module: AdminModule,
  migrations,
  consumers: [ErasureConsumer],
};
