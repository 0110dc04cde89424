import { Module } from '@nestjs/common';
import { createErasureConsumer } from '@luxe/platform';

export const ErasureConsumer = createErasureConsumer('social');

@Module({ providers: [ErasureConsumer] })
export class SocialModule {}
