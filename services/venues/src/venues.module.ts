import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserErasureHandler } from '@luxe/platform/events';
import { VenueController } from './venues/venue.controller';
import { VenueEntity } from './venues/venue.entity';
import { VenueRepository } from './venues/venue.repository';
import { VenueService } from './venues/venue.service';
import { PublicVenueCache } from './venues/venue.cache';
import { SectionController } from './sections/section.controller';
import { SectionEntity } from './sections/section.entity';
import { SectionRepository } from './sections/section.repository';
import { SectionService } from './sections/section.service';

@Module({ imports: [TypeOrmModule.forFeature([VenueEntity, SectionEntity])], controllers: [UserErasureHandler, VenueController, SectionController], providers: [VenueService, VenueRepository, PublicVenueCache, SectionService, SectionRepository] })
export class VenuesModule {}
