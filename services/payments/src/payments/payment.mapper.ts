import type { Hold } from '@luxe/contracts';
import type { PaymentEntity } from './payment.entity';

/** What `POST /api/create-payment-intent` answers: the PaymentIntent to complete and the hold it pays. */
export interface PaymentIntentView {
  clientSecret: string;
  paymentIntentId: string;
  bookingId: string;
  totalCost: string;
  holdExpiresAt: string;
  depositAmount: string;
  balanceDue: string;
}

/** The PaymentIntent (the booking's whole-card payment, or a split's host share) with the hold's amounts. */
export function toPaymentIntentView(
  p: Pick<PaymentEntity, 'clientSecret' | 'paymentIntentId'>,
  hold: Hold,
): PaymentIntentView {
  return {
    clientSecret: p.clientSecret,
    paymentIntentId: p.paymentIntentId,
    bookingId: hold.id,
    totalCost: hold.totalCost,
    holdExpiresAt: hold.holdExpiresAt!,
    depositAmount: hold.depositAmount,
    balanceDue: hold.balanceDue,
  };
}
