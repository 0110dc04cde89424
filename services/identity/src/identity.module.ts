import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from './users/user.entity';
import { UsersController } from './users/user.controller';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';

@Module({ imports: [TypeOrmModule.forFeature([User])], controllers: [UsersController], providers: [UsersService, UsersRepository] })
export class IdentityModule {}
