import type { ServiceDefinition } from '@luxe/platform';
import { migrations } from './migrations';
import { VenuesModule } from './venues.module';

export const venuesService: ServiceDefinition = {
  name: 'venues',
  module: VenuesModule,
  migrations,
};
