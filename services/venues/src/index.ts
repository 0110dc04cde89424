import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { VenuesModule } from './venues.module';
import { VenueEntity } from './venues/venue.entity';
import { SectionEntity } from './sections/section.entity';

export const venuesService: ServiceDefinition = {
  name: 'venues',
  module: VenuesModule,
  migrations,
  entities: [VenueEntity, SectionEntity],
  usesRedis: true,
};
