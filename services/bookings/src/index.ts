import type { ServiceDefinition } from '@luxe/platform';
import { ErasureConsumer } from './erasure/erasure.consumer';
import { migrations } from './migrations';
import { BookingsModule } from './bookings.module';

export const bookingsService: ServiceDefinition = {
  name: 'bookings',
  module: BookingsModule,
  migrations,
  consumers: [ErasureConsumer],
};
