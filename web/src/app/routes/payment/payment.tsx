import { Checkout } from '../../../features/payment/components/checkout';

/** /payment: checkout of the pending yacht booking (docs/product.md#payment-checkout). */
export function PaymentRoute() {
  return <Checkout />;
}
