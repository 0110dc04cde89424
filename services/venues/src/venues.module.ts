import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserErasureHandler } from '@luxe/platform/events';
import { VenueController } from './venues/venue.controller';
import { VenueEntity } from './venues/venue.entity';
import { VenueRepository } from './venues/venue.repository';
import { VenueService } from './venues/venue.service';
import { PublicVenueCache } from './venues/venue.cache';

@Module({ imports: [TypeOrmModule.forFeature([VenueEntity])], controllers: [UserErasureHandler, VenueController], providers: [VenueService, VenueRepository, PublicVenueCache] })
export class VenuesModule {}
