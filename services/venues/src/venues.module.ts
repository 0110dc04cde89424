import { Module } from '@nestjs/common';
import { createErasureConsumer } from '@luxe/platform';

export const ErasureConsumer = createErasureConsumer('venues');

@Module({ providers: [ErasureConsumer] })
export class VenuesModule {}
