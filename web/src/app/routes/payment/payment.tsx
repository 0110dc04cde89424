import { ComingSoon } from '../../../components/layout/coming-soon';

/** /payment: checkout (second document); a placeholder for now. */
export function PaymentRoute() {
  return <ComingSoon title="Checkout" route="/payment" backTo="/dashboard" />;
}
