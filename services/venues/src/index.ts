import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { VenuesModule } from './venues.module';
import { VenueEntity } from './venues/venue.entity';
import { SectionEntity } from './sections/section.entity';
import { BartenderEntity, DancerEntity } from './staff/staff.entity';
import { seedVenues } from './seed';
import { VenueBookingEntity } from './venue-bookings/venue-booking.entity';
import { EntertainerCard, EntertainerRequestEntity, VipAssignmentEntity } from './entertainers/entertainer.entity';

export const venuesService: ServiceDefinition = {
  name: 'venues',
  module: VenuesModule,
  migrations,
  entities: [
    VenueEntity,
    SectionEntity,
    DancerEntity,
    BartenderEntity,
    VenueBookingEntity,
    EntertainerRequestEntity,
    VipAssignmentEntity,
    EntertainerCard,
  ],
  usesRedis: true,
  usesStorage: true,
  seed: seedVenues,
};
