import { Checkout } from '../../../features/payment/components/checkout';

/** /payment: checkout of the pending yacht booking (spec doc 2 §2 Payment). */
export function PaymentRoute() {
  return <Checkout />;
}
