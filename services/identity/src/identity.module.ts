import { Module } from '@nestjs/common';
import { SuspensionConsumer } from './users/suspension.consumer';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './users/user.entity';
import { UsersController } from './users/user.controller';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';
import { PhotosController } from './photos/photo.controller';
import { PhotosService } from './photos/photo.service';

@Module({ imports: [TypeOrmModule.forFeature([User])], controllers: [UsersController, PhotosController, SuspensionConsumer], providers: [UsersService, UsersRepository, PhotosService] })
export class IdentityModule {}
