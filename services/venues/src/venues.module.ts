import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VenueController } from './venues/venue.controller';
import { VenueUserErasureConsumer } from './erasure.consumer';
import { VenueEntity } from './venues/venue.entity';
import { VenueRepository } from './venues/venue.repository';
import { VenueService } from './venues/venue.service';
import { VenueAccess } from './venues/venue-access';
import { PublicVenueCache } from './venues/venue.cache';
import { SectionController } from './sections/section.controller';
import { SectionEntity } from './sections/section.entity';
import { SectionRepository } from './sections/section.repository';
import { SectionService } from './sections/section.service';
import { StaffController } from './staff/staff.controller';
import { BartenderEntity, DancerEntity } from './staff/staff.entity';
import { StaffRepository } from './staff/staff.repository';
import { StaffService } from './staff/staff.service';
import { VenueImageController } from './images/venue-image.controller';
import { VenueImageService } from './images/venue-image.service';
import { VenueBookingConsumer } from './venue-bookings/venue-booking.consumer';
import { VenueBookingEntity } from './venue-bookings/venue-booking.entity';
import { VenueBookingRepository } from './venue-bookings/venue-booking.repository';
import { EntertainerController } from './entertainers/entertainer.controller';
import { EntertainerRepository } from './entertainers/entertainer.repository';
import { EntertainerService } from './entertainers/entertainer.service';
import { AdminDecisionsConsumer } from './entertainers/admin-decisions.consumer';

@Module({
  imports: [TypeOrmModule.forFeature([VenueEntity, SectionEntity, DancerEntity, BartenderEntity, VenueBookingEntity])],
  controllers: [
    VenueUserErasureConsumer,
    VenueBookingConsumer,
    AdminDecisionsConsumer,
    EntertainerController,
    VenueController,
    SectionController,
    StaffController,
    VenueImageController,
  ],
  providers: [
    VenueService,
    VenueRepository,
    VenueAccess,
    PublicVenueCache,
    SectionService,
    SectionRepository,
    StaffService,
    StaffRepository,
    VenueImageService,
    EntertainerRepository,
    EntertainerService,
    VenueBookingRepository,
  ],
})
export class VenuesModule {}
