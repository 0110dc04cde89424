import type { ServiceDefinition } from '@luxe/platform';
import { ErasureConsumer } from './erasure/erasure.consumer';
import { migrations } from './migrations';
import { PaymentsModule } from './payments.module';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  module: PaymentsModule,
  migrations,
  consumers: [ErasureConsumer],
};
