import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { PaymentsModule } from './payments.module';
import { EndedBookingEntity, PaymentEntity, RefundEntity, StripeEventEntity } from './payments/payment.entity';
import { paymentSettingsSchema } from './payments/payment.settings';
import {
  TestPaymentCustomerEntity,
  TestPaymentIntentEntity,
  TestPaymentRefundEntity,
} from './payments/provider/test-provider.entity';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  module: PaymentsModule,
  migrations,
  entities: [
    PaymentEntity,
    StripeEventEntity,
    RefundEntity,
    EndedBookingEntity,
    TestPaymentIntentEntity,
    TestPaymentRefundEntity,
    TestPaymentCustomerEntity,
  ],
  settings: paymentSettingsSchema,
};
