import { Module } from '@nestjs/common';
import { ErasureConsumer } from './erasure/erasure.consumer';

@Module({ providers: [ErasureConsumer] })
export class AdminModule {}
