import { Module } from '@nestjs/common';
import { createErasureConsumer } from '@luxe/platform';

export const ErasureConsumer = createErasureConsumer('admin');

@Module({ providers: [ErasureConsumer] })
export class AdminModule {}
