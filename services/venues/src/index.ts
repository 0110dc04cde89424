import type { ServiceDefinition } from '@luxe/platform';
import { ErasureConsumer } from './erasure/erasure.consumer';
import { migrations } from './migrations';
import { VenuesModule } from './venues.module';

export const venuesService: ServiceDefinition = {
  name: 'venues',
  module: VenuesModule,
  migrations,
  consumers: [ErasureConsumer],
};
