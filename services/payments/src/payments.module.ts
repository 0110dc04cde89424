import { Module } from '@nestjs/common';
import { createErasureConsumer } from '@luxe/platform';

export const ErasureConsumer = createErasureConsumer('payments');

@Module({ providers: [ErasureConsumer] })
export class PaymentsModule {}
