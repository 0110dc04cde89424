import { Module } from '@nestjs/common';
import { PaymentController } from './payments/payment.controller';
import { PaymentsErasureConsumer } from './payments/erasure.consumer';
import { PaymentService } from './payments/payment.service';
import { RefundConsumer } from './payments/refund.consumer';
import { SplitController } from './split/split.controller';
import { SplitService } from './split/split.service';

@Module({ controllers: [PaymentsErasureConsumer, RefundConsumer, PaymentController, SplitController], providers: [PaymentService, SplitService] })
export class PaymentsModule {}
