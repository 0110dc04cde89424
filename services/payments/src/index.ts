import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { PaymentsModule } from './payments.module';
import { EndedBookingEntity, PaymentEntity, RefundEntity, StripeEventEntity } from './payments/payment.entity';
import { paymentSettingsSchema } from './payments/payment.settings';

export const paymentsService: ServiceDefinition = {
  name: 'payments',
  module: PaymentsModule,
  migrations,
  entities: [PaymentEntity, StripeEventEntity, RefundEntity, EndedBookingEntity],
  settings: paymentSettingsSchema,
};
