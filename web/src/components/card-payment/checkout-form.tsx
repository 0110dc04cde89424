import { useState, type FormEvent } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { formatDollars } from '../../lib/format';

export const PAYMENT_TOASTS = {
  failed: 'Payment Failed',
  failedFallback: 'Your card was not charged. Please try again.',
  processing: { title: 'Payment Processing', description: 'Your payment is being processed.' },
  error: { title: 'Payment Error', description: 'An unexpected error occurred. Please try again.' },
} as const;

/**
 * The card form inside <Elements>: the provider's payment element, and 'Pay $total', enabled once
 * the provider and its form are ready. The provider confirms the payment in the browser and
 * redirects only when the card requires it (docs/product.md#payment-checkout).
 */
export function CheckoutForm({
  total,
  onSucceeded,
  returnPath = '/payment',
}: {
  total: number;
  onSucceeded: () => Promise<void>;
  returnPath?: string;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || !ready || submitting) return;
    setSubmitting(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      });
      if (error) {
        toast({
          variant: 'destructive',
          title: PAYMENT_TOASTS.failed,
          description: error.message || PAYMENT_TOASTS.failedFallback,
        });
      } else if (paymentIntent?.status === 'succeeded') {
        await onSucceeded();
      } else {
        toast(PAYMENT_TOASTS.processing);
      }
    } catch {
      toast({ variant: 'destructive', ...PAYMENT_TOASTS.error });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Card payment" className="flex flex-col gap-4">
      <PaymentElement onReady={() => setReady(true)} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !ready || submitting}>
        {submitting ? 'Processing...' : `Pay ${formatDollars(total)}`}
      </Button>
      <p className="flex items-center justify-center gap-2 text-center text-xs text-neutral-300">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 text-gold-300"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        Payments are secured by our card payment provider. Your card details never reach our servers.
      </p>
    </form>
  );
}
