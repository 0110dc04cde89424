import { Module } from '@nestjs/common';
import { PaymentController } from './payments/payment.controller';
import { PaymentsErasureConsumer } from './payments/erasure.consumer';
import { PaymentService } from './payments/payment.service';
import { RefundConsumer } from './payments/refund.consumer';

@Module({ controllers: [PaymentsErasureConsumer, RefundConsumer, PaymentController], providers: [PaymentService] })
export class PaymentsModule {}
