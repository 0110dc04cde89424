import { Checkout, type SplitPaymentSlot } from '../../../features/payment/components/checkout';
import { SPLIT_TEXT, SplitForm, SplitLinks } from '../../../features/split/components/split-form';

/** The split feature's part of the checkout: paying the booking in shares with the guests. */
const splitPayment: SplitPaymentSlot = {
  title: SPLIT_TEXT.title,
  form: (props) => <SplitForm {...props} />,
  links: (split) => <SplitLinks split={split} />,
};

/** /payment: checkout of the pending yacht booking (docs/product.md#payment-checkout). */
export function PaymentRoute() {
  return <Checkout splitPayment={splitPayment} />;
}
