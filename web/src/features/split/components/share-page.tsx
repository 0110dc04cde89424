import type { ReactNode } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import { DashboardExit, PageFrame } from '../../../components/layout/card-page';
import { Panel } from '../../../components/ui/panel';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { formatClockTime, formatDateTimeEst, formatDollars, formatLongDate } from '../../../lib/format';
import { usePaymentConfig } from '../../../api/payment-config';
import { cardAppearance, CARD_CONFIG_TEXT } from '../../../components/card-payment/appearance';
import { CheckoutForm } from '../../../components/card-payment/checkout-form';
import { getStripe } from '../../../components/card-payment/stripe';
import { TestCardForm } from '../../../components/card-payment/test-card-form';
import { useShareIntent, useSplitShare } from '../api/split';

export const SHARE_TEXT = {
  title: 'Pay your share',
  notFound: 'This payment link is invalid or has expired',
  paid: 'This share is paid. Thank you!',
  closed: 'This share can no longer be paid.',
  start: 'Pay my share',
  success: {
    title: 'Share paid!',
    description: 'Your share is paid. The booking is confirmed once every share is paid.',
  },
  failed: 'Unable to initialize payment. Please try again.',
} as const;

function Shell({ children }: { children: ReactNode }) {
  return (
    <PageFrame logoTo="/dashboard" wide aside={<DashboardExit label="Dashboard" />}>
      <main className="flex flex-col gap-6">{children}</main>
    </PageFrame>
  );
}

/**
 * /split/:token (docs/product.md#payment-split): a guest's share of a split payment — the venue, the date and his
 * amount — and the card form for it (the checkout's Stripe Elements pieces); with card payments
 * not configured it says so, as /payment does.
 */
export function SharePage({ token }: { token: string }) {
  const share = useSplitShare(token);
  const config = usePaymentConfig();
  const intent = useShareIntent(token);
  const publishableKey = config.data?.publishableKey;
  // Stripe, the embedded mode's test provider (our own card form, no Stripe.js), or none (checkout.tsx).
  const provider = config.data ? (config.data.provider ?? (config.data.publishableKey ? 'stripe' : null)) : undefined;

  if (share.isError) {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">{SHARE_TEXT.title}</h1>
        <p role="alert" className="text-neutral-200">
          {SHARE_TEXT.notFound}
        </p>
      </Shell>
    );
  }
  if (!share.data) {
    return (
      <Shell>
        <p role="status" className="text-sm text-neutral-300">
          Loading...
        </p>
      </Shell>
    );
  }
  const s = share.data;
  let body: ReactNode;
  if (s.status !== 'pending')
    body = (
      <p role="status" className="text-gold-200">
        {SHARE_TEXT.paid}
      </p>
    );
  else if (!s.open)
    body = (
      <p role="status" className="text-neutral-200">
        {SHARE_TEXT.closed}
      </p>
    );
  else if (provider === null) {
    body = (
      <div role="alert" className="rounded-2xl border border-red-400/40 bg-red-500/10 p-4">
        <h2 className="font-semibold text-red-100">{CARD_CONFIG_TEXT.title}</h2>
        <p className="mt-1 text-sm text-red-100/90">{CARD_CONFIG_TEXT.text}</p>
      </div>
    );
  } else if (intent.data && provider === 'test') {
    body = (
      <TestCardForm
        clientSecret={intent.data.clientSecret}
        total={Number(intent.data.amount)}
        onSucceeded={async () => {
          toast(SHARE_TEXT.success);
          // The share is marked paid by the provider's event, just after this answer.
          await new Promise((r) => setTimeout(r, 1000));
          await share.refetch();
        }}
        onProcessing={() =>
          void (async () => {
            // Asked again until the processing payment has marked the share paid.
            for (let i = 0; i < 30; i++) {
              await new Promise((r) => setTimeout(r, 1000));
              if ((await share.refetch()).data?.status !== 'pending') return;
            }
          })()
        }
      />
    );
  } else if (intent.data && publishableKey) {
    body = (
      <Elements
        stripe={getStripe(publishableKey)}
        options={{ clientSecret: intent.data.clientSecret, appearance: cardAppearance }}
      >
        <CheckoutForm
          total={Number(intent.data.amount)}
          returnPath={`/split/${token}`}
          onSucceeded={async () => {
            toast(SHARE_TEXT.success);
            await share.refetch();
          }}
        />
      </Elements>
    );
  } else {
    body = (
      <Button
        type="button"
        size="lg"
        disabled={intent.isPending || !provider}
        onClick={() =>
          intent.mutate(undefined, {
            onError: (error) => {
              if (error instanceof ApiError && error.status === 503) void config.refetch();
              toast({
                variant: 'destructive',
                title: SHARE_TEXT.failed,
                description: error instanceof ApiError ? serverMessage(error, SHARE_TEXT.failed) : SHARE_TEXT.failed,
              });
            },
          })
        }
      >
        {intent.isPending ? 'Setting up secure payment...' : `${SHARE_TEXT.start} (${formatDollars(s.amount)})`}
      </Button>
    );
  }
  return (
    <Shell>
      <h1 className="font-display text-3xl font-semibold text-white">{SHARE_TEXT.title}</h1>
      <section aria-labelledby="share-summary" className="rounded-3xl border border-white/10 bg-neutral-900/70 p-5">
        <h2 id="share-summary" className="text-lg font-semibold text-white">
          {s.venueName}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-neutral-300">Date</dt>
          <dd className="text-right text-neutral-100">
            {formatLongDate(s.bookingDate)}, {formatClockTime(s.startTime)}
          </dd>
          <dt className="text-neutral-300">Your share</dt>
          <dd data-testid="share-amount" className="text-right font-semibold text-gold-200">
            {formatDollars(s.amount)}
          </dd>
          <dt className="text-neutral-300">Pay by</dt>
          <dd className="text-right text-neutral-100">{formatDateTimeEst(s.deadline)}</dd>
        </dl>
      </section>
      <Panel id="share-payment" title="Payment details">
        {body}
      </Panel>
    </Shell>
  );
}
