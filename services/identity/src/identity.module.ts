import { Module } from '@nestjs/common';
import { AuthController } from './users/auth.controller';
import { AuthService } from './users/auth.service';
import { UserRepository } from './users/user.repository';

@Module({ controllers: [AuthController], providers: [AuthService, UserRepository] })
export class IdentityModule {}
