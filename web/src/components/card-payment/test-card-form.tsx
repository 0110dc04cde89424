import { useState, type FormEvent } from 'react';
import {
  api,
  formatCardNumber,
  TEST_CARDS,
  testPaymentConfirmInputSchema,
  type TestPaymentConfirm,
} from '@luxe/contracts';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { toast } from '../ui/toast';
import { ApiError, callApi, serverMessage } from '../../lib/api-client';
import { formatDollars } from '../../lib/format';
import { PAYMENT_TOASTS } from './checkout-form';

export const TEST_MODE_TEXT = {
  label: 'Test mode — no real card is charged',
  note: "Use one of Stripe's test card numbers, any future expiry date and any CVC:",
  processing: 'Payment Processing',
  processingText: 'Your payment is being processed. This page updates when it is done.',
} as const;

type Fields = { cardNumber: string; expiry: string; cvc: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** `pi_test_x_secret_y` → `pi_test_x` (Stripe's client secrets start with their intent's id). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

function confirmTestPayment(clientSecret: string, fields: Fields): Promise<TestPaymentConfirm> {
  return callApi(api.payments.testConfirm, {
    params: { intentId: intentIdOf(clientSecret) },
    body: { clientSecret, ...fields },
  });
}

/**
 * The card form of the test provider (docs/product.md#payment-test-mode: the embedded mode, PAYMENT_PROVIDER=test): no
 * Stripe.js and no real card, clearly labelled, with Stripe's test numbers listed. The server
 * answers as Stripe.js would: succeeded, processing (the outcome follows: `onProcessing`), or
 * declined with the provider's message, the form left as it was for another try on the same hold.
 */
export function TestCardForm({
  clientSecret,
  total,
  onSucceeded,
  onProcessing,
}: {
  clientSecret: string;
  total: number;
  onSucceeded: () => Promise<void>;
  onProcessing: () => void;
}) {
  const [fields, setFields] = useState<Fields>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [declined, setDeclined] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting || processing) return;
    // The server's own rule, checked here first so each field says what is wrong.
    const parsed = testPaymentConfirmInputSchema.safeParse({ clientSecret, ...fields });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Fields;
        found[k] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setSubmitting(true);
    setDeclined(null);
    try {
      const r = await confirmTestPayment(clientSecret, fields);
      if (r.status === 'succeeded') {
        await onSucceeded();
      } else if (r.status === 'processing') {
        setProcessing(true);
        toast(PAYMENT_TOASTS.processing);
        onProcessing();
      } else {
        const message = r.error || PAYMENT_TOASTS.failedFallback;
        setDeclined(message);
        toast({ variant: 'destructive', title: PAYMENT_TOASTS.failed, description: message });
      }
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        serverMessage(error, '') === 'This payment has already been made'
      ) {
        await onSucceeded();
      } else if (
        error instanceof ApiError &&
        error.status === 409 &&
        serverMessage(error, '') === 'This payment is already being processed'
      ) {
        setProcessing(true);
        onProcessing();
      } else {
        const message =
          error instanceof ApiError && error.status < 500
            ? serverMessage(error, PAYMENT_TOASTS.error.description)
            : PAYMENT_TOASTS.error.description;
        setDeclined(message);
        toast({ variant: 'destructive', title: PAYMENT_TOASTS.failed, description: message });
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (processing) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <span
          aria-hidden="true"
          className="h-6 w-6 animate-spin rounded-full border-2 border-gold-400 border-t-transparent"
        />
        <p className="font-semibold text-white">{TEST_MODE_TEXT.processing}</p>
        <p className="text-sm text-neutral-300">{TEST_MODE_TEXT.processingText}</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Test card payment" noValidate className="flex flex-col gap-4">
      <p className="rounded-xl border border-amber-300/50 bg-amber-400/10 px-3 py-2 text-sm font-semibold text-amber-100">
        {TEST_MODE_TEXT.label}
      </p>
      <TextField
        id="test-card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        value={fields.cardNumber}
        onChange={set('cardNumber')}
        error={errors.cardNumber}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="test-card-expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12/34"
          maxLength={7}
          value={fields.expiry}
          onChange={set('expiry')}
          error={errors.expiry}
        />
        <TextField
          id="test-card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={fields.cvc}
          onChange={set('cvc')}
          error={errors.cvc}
        />
      </div>
      {declined ? (
        <p role="alert" className="rounded-xl border border-red-400/40 bg-red-500/10 px-3 py-2 text-sm text-red-100">
          {declined}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={submitting}>
        {submitting ? 'Processing...' : `Pay ${formatDollars(total)}`}
      </Button>
      <div className="text-xs text-neutral-300">
        <p>{TEST_MODE_TEXT.note}</p>
        <ul className="mt-1 flex flex-col gap-0.5">
          {TEST_CARDS.map((c) => (
            <li key={c.number}>
              <span className="font-mono text-neutral-100">{formatCardNumber(c.number)}</span> {c.label}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
