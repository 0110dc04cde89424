import { Module } from '@nestjs/common';
import { PaymentController } from './payments/payment.controller';
import { PaymentsErasureConsumer } from './payments/erasure.consumer';
import { PaymentService } from './payments/payment.service';

@Module({ controllers: [PaymentsErasureConsumer, PaymentController], providers: [PaymentService] })
export class PaymentsModule {}
