import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { PaymentController } from './payments/payment.controller';
import { PaymentsErasureConsumer } from './payments/erasure.consumer';
import { PaymentService } from './payments/payment.service';
import type { PaymentSettings } from './payments/payment.settings';
import { PAYMENT_PROVIDER, paymentProvider } from './payments/provider';
import { RefundConsumer } from './payments/refund.consumer';
import { SplitController } from './split/split.controller';
import { SplitService } from './split/split.service';

@Module({
  controllers: [PaymentsErasureConsumer, RefundConsumer, PaymentController, SplitController],
  providers: [
    // One card provider for the whole service (PAYMENT_PROVIDER: Stripe, or the embedded mode's test provider).
    { provide: PAYMENT_PROVIDER, useFactory: (s: PaymentSettings, ds: DataSource, logger: Logger) => paymentProvider(s, ds, logger), inject: [SERVICE_SETTINGS, DataSource, LOGGER] },
    PaymentService,
    SplitService,
  ],
})
export class PaymentsModule {}
