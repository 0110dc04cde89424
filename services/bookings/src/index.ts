import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { BookingsModule } from './bookings.module';

export const bookingsService: ServiceDefinition = {
  name: 'bookings',
  module: BookingsModule,
  migrations,
};
