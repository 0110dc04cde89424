import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LOGGER, type Logger, SERVICE_SETTINGS } from '@luxe/platform/runtime';
import { PaymentsErasureConsumer } from './erasure.consumer';
import { PaymentController } from './payments/payment.controller';
import { PaymentRepository } from './payments/payment.repository';
import { PaymentService } from './payments/payment.service';
import type { PaymentSettings } from './payments/payment.settings';
import { PAYMENT_PROVIDER, paymentProvider } from './payments/provider';
import { SPLIT_PAYMENTS } from './payments/split-payments';
import { RefundConsumer } from './refund.consumer';
import { SplitController } from './split/split.controller';
import { SplitRepository } from './split/split.repository';
import { SplitService } from './split/split.service';

@Module({
  controllers: [PaymentsErasureConsumer, RefundConsumer, PaymentController, SplitController],
  providers: [
    // One card provider for the whole service (PAYMENT_PROVIDER: Stripe, or the embedded mode's test provider).
    {
      provide: PAYMENT_PROVIDER,
      useFactory: (s: PaymentSettings, ds: DataSource, logger: Logger) => paymentProvider(s, ds, logger),
      inject: [SERVICE_SETTINGS, DataSource, LOGGER],
    },
    PaymentRepository,
    SplitRepository,
    PaymentService,
    SplitService,
    // The card payment reaches split payments through this interface (split-payments.ts): split/ imports payments/, not the reverse.
    { provide: SPLIT_PAYMENTS, useExisting: SplitService },
  ],
})
export class PaymentsModule {}
