import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { MeSnapshots, REDIS, SessionStore } from '@luxe/platform/http';
import { SuspensionConsumer } from './users/suspension.consumer';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './users/user.entity';
import { UsersController } from './users/user.controller';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';
import { PhotosController } from './photos/photo.controller';
import { PhotosService } from './photos/photo.service';
import { AccountTokenRepository } from './account-email/account-token.repository';
import { AccountEmailController } from './account-email/account-email.controller';
import { EmailVerificationService } from './account-email/email-verification.service';
import { PasswordResetService } from './account-email/password-reset.service';

@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [UsersController, PhotosController, AccountEmailController, SuspensionConsumer],
  providers: [
    // One session store and one cache of /me answers for every service of identity that opens or ends sessions.
    { provide: SessionStore, useFactory: (redis: Redis) => new SessionStore(redis), inject: [REDIS] },
    { provide: MeSnapshots, useFactory: (redis: Redis) => new MeSnapshots(redis), inject: [REDIS] },
    UsersService,
    UsersRepository,
    PhotosService,
    AccountTokenRepository,
    PasswordResetService,
    EmailVerificationService,
  ],
})
export class IdentityModule {}
