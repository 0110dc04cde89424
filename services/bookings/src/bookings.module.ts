import { Module } from '@nestjs/common';
import { createErasureConsumer } from '@luxe/platform';

export const ErasureConsumer = createErasureConsumer('bookings');

@Module({ providers: [ErasureConsumer] })
export class BookingsModule {}
