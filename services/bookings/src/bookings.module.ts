import { Module } from '@nestjs/common';
import { UserErasureHandler } from '@luxe/platform/events';

@Module({ controllers: [UserErasureHandler] })
export class BookingsModule {}
