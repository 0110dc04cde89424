import { Module } from '@nestjs/common';
import { SuspensionConsumer } from './users/suspension.consumer';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './users/user.entity';
import { UsersController } from './users/user.controller';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';
import { PhotosController } from './photos/photo.controller';
import { PhotosService } from './photos/photo.service';
import { AccountTokenRepository } from './recovery/account-token.repository';
import { PasswordResetController } from './recovery/password-reset.controller';
import { PasswordResetService } from './recovery/password-reset.service';

@Module({ imports: [TypeOrmModule.forFeature([User])], controllers: [UsersController, PhotosController, PasswordResetController, SuspensionConsumer], providers: [UsersService, UsersRepository, PhotosService, AccountTokenRepository, PasswordResetService] })
export class IdentityModule {}
