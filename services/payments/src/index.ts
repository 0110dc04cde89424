import type { ServiceDefinition } from '@luxe/platform';
import { migrations } from './migrations';
import { PaymentsModule } from './payments.module';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  module: PaymentsModule,
  migrations,
};
