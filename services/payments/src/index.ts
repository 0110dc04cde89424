import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { PaymentsModule } from './payments.module';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  module: PaymentsModule,
  migrations,
};
