import { Module } from '@nestjs/common';
import { UserErasureHandler } from '@luxe/platform';

@Module({ controllers: [UserErasureHandler] })
export class AdminModule {}
