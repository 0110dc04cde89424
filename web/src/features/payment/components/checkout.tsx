import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Elements } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { bookingWindow, FULL_YACHT, splitDeadline, type Booking, type Split, type StartTime } from '@luxe/contracts';
import { bookingPath } from '../../../lib/booking-display';
import { formatMoney } from '../../../lib/format';
import { DashboardExit, PageFrame } from '../../../components/layout/card-page';
import { Panel } from '../../../components/ui/panel';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth-store';
import {
  clearPendingBooking,
  readPendingBooking,
  writePendingBooking,
  type PendingBooking,
} from '../../../lib/pending-booking';
import { inviteChosenGuests } from '../api/event-invites';
import {
  bookingStatus,
  createPaidBooking,
  paidBookingPayload,
  paidSectionBookingPayload,
  useCreatePaymentIntent,
} from '../api/payments';
import { usePaymentConfig } from '../../../api/payment-config';
import { BookingSummary } from './booking-summary';
import { cardAppearance, CARD_CONFIG_TEXT } from '../../../components/card-payment/appearance';
import { CheckoutForm, PAYMENT_TOASTS } from '../../../components/card-payment/checkout-form';
import { getStripe } from '../../../components/card-payment/stripe';
import { TestCardForm } from '../../../components/card-payment/test-card-form';

const SPLIT_SHARE_PAID = 'Your share is paid. The booking is confirmed once every guest has paid his share.';

/**
 * After the confirmation, the booking's own page (docs/product.md#booking-page; the specification
 * said the dashboard, whose first tab for a new member is Profile: the booking paid for was nowhere
 * in sight).
 */
export const REDIRECT_AFTER_PAYMENT_MS = 2000;

export const CHECKOUT_TEXT = {
  noBooking: { title: 'No Booking Found', description: 'Please start a new booking.' },
  configTitle: CARD_CONFIG_TEXT.title,
  configText: CARD_CONFIG_TEXT.text,
  setupFailed: { title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.' },
  success: { title: 'Payment Successful!', description: 'Your yacht booking has been confirmed.' },
  depositSuccess: { title: 'Payment Successful!', description: 'Your deposit is paid and your booking is confirmed.' },
  settingUp: 'Setting up secure payment...',
  returning: 'Checking your payment...',
} as const;

/** A payment started before the bank's check, taken up again: the charge kept with it and the balance. */
function resumed(attempt: NonNullable<PendingBooking['payment']>): Setup {
  const balance = attempt.balance ?? 0;
  return {
    state: 'ready',
    clientSecret: attempt.clientSecret,
    bookingId: attempt.holdId,
    charge: attempt.total,
    total: Math.round((attempt.total + balance) * 100) / 100,
    balance,
  };
}

/** The provider's answer when it sends the browser back after the bank's check (3-D Secure). */
function redirectReturn(params: URLSearchParams): { clientSecret: string } | null {
  const clientSecret = params.get('payment_intent_client_secret');
  return params.get('payment_intent') && clientSecret ? { clientSecret } : null;
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <PageFrame logoTo="/dashboard" wide aside={<DashboardExit label="Cancel" />}>
      {children}
    </PageFrame>
  );
}

/** What the confirmation says of a section paid by deposit: the deposit paid and the balance due at the venue. */
interface DepositOutcome {
  sectionName: string;
  depositPaid: number;
  balanceDue: number;
}

function Confirmed({ deposit, bookingId }: { deposit: DepositOutcome | null; bookingId: string }) {
  return (
    <Shell>
      {/* The page's main landmark holds the announcement: a <main> cannot itself be a status (axe aria-allowed-role). */}
      <main>
        <div
          role="status"
          className="flex flex-col items-center gap-4 rounded-3xl border border-gold-400/30 bg-neutral-900/70 p-8 text-center"
        >
          <span
            aria-hidden="true"
            className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-gold-400 text-3xl text-neutral-950"
          >
            ✓
          </span>
          <h1 className="font-display text-3xl font-semibold text-white">Booking Confirmed!</h1>
          {deposit ? (
            <>
              <p className="text-neutral-300">
                {deposit.sectionName} is booked. A confirmation email is on its way to you.
              </p>
              <dl className="grid w-full grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-left text-sm">
                <dt className="text-neutral-300">Deposit paid</dt>
                <dd data-testid="confirmed-deposit" className="text-right font-semibold text-gold-200">
                  {formatMoney(deposit.depositPaid)}
                </dd>
                <dt className="text-neutral-300">Balance due at the venue</dt>
                <dd data-testid="confirmed-balance" className="text-right font-semibold text-white">
                  {formatMoney(deposit.balanceDue)}
                </dd>
              </dl>
            </>
          ) : (
            <p className="text-neutral-300">Your yacht is booked. A confirmation email is on its way to you.</p>
          )}
          <p className="text-sm text-neutral-300">Opening your booking...</p>
          <Link to={bookingPath(bookingId)} replace className={buttonClasses('secondary', 'sm')}>
            View booking
          </Link>
        </div>
      </main>
    </Shell>
  );
}

/** Ready: `charge` is what the card pays now (a yacht's total, a section's deposit), `balance` what is left for the venue. */
type Setup =
  | { state: 'waiting' }
  | { state: 'ready'; clientSecret: string; bookingId: string; charge: number; total: number; balance: number }
  | { state: 'not-configured' }
  | { state: 'failed' };

/**
 * Splitting the payment among the guests is the split feature's: the route hands in its toggle's
 * title, its form and the share links it made.
 */
export interface SplitPaymentSlot {
  title: string;
  form: (props: { bookingId: string; charge: number; deadline: Date; onSplit: (split: Split) => void }) => ReactNode;
  links: (split: Split) => ReactNode;
}

/**
 * /payment (docs/product.md#payment-checkout): the pending booking's summary and the card form.
 * The server holds the slot and prices it (create-payment-intent); after the provider confirms
 * the payment, POST /api/bookings with the hold answers the booking (the server's webhook
 * confirms it too), the pending booking is cleared, the guests chosen on the invites step are
 * invited to it and the booking's page follows after 2 s.
 */
export function Checkout({ splitPayment }: { splitPayment: SplitPaymentSlot }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const user = useCurrentUser();
  const [booking] = useState<PendingBooking | null>(() => readPendingBooking());
  const [returned] = useState(() => redirectReturn(params));
  /** The booking paid for, once confirmed. */
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [depositOutcome, setDepositOutcome] = useState<DepositOutcome | null>(null);
  const config = usePaymentConfig({ enabled: booking !== null });
  const intent = useCreatePaymentIntent();
  const [setup, setSetup] = useState<Setup>({ state: 'waiting' });
  const started = useRef(false);
  const publishableKey = config.data?.publishableKey;
  // Who takes the payment: Stripe (its card form, Stripe.js), the test provider of the embedded
  // mode (a card form of ours, no third-party script), or nobody (null). An answer without the
  // field comes from a server older than the test provider: its publishable key means Stripe.
  const provider = config.data ? (config.data.provider ?? (config.data.publishableKey ? 'stripe' : null)) : undefined;
  // Split payment (docs/product.md#payment-split): the form is opened on demand; once split, the host pays his share.
  const [splitOpen, setSplitOpen] = useState(false);
  const [split, setSplit] = useState<Split | null>(null);
  const [sharePaid, setSharePaid] = useState(false);

  // No pending booking: say so and go to the dashboard.
  useEffect(() => {
    if (booking) return;
    toast({ variant: 'destructive', ...CHECKOUT_TEXT.noBooking });
    navigate('/dashboard', { replace: true });
  }, [booking, navigate]);

  const start = (pending: PendingBooking) => {
    setSetup({ state: 'waiting' });
    intent.mutate(
      {
        venueId: pending.venueId,
        bookingDate: pending.date,
        startTime: pending.time as StartTime,
        duration: pending.duration,
        eventDescription: pending.eventDescription || undefined,
        friendsCount: pending.friendsCount,
        ...(pending.friendIds?.length ? { friendIds: pending.friendIds } : {}),
        ...(pending.section
          ? {
              sectionId: pending.section.id,
              dancerId: pending.section.dancerId,
              guestVisibility: pending.section.guestVisibility,
            }
          : {}),
      },
      {
        onSuccess: (r) => {
          // Kept with the pending booking: a return from the bank's check finishes this payment.
          const charge = Number(r.depositAmount);
          const balance = Number(r.balanceDue);
          writePendingBooking({
            ...pending,
            payment: { holdId: r.bookingId, clientSecret: r.clientSecret, total: charge, balance },
          });
          setSetup({
            state: 'ready',
            clientSecret: r.clientSecret,
            bookingId: r.bookingId,
            charge,
            total: Number(r.totalCost),
            balance,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 503) {
            setSetup({ state: 'not-configured' });
            return;
          }
          setSetup({ state: 'failed' });
          const description =
            error instanceof ApiError && error.status === 409
              ? serverMessage(error, CHECKOUT_TEXT.setupFailed.description)
              : CHECKOUT_TEXT.setupFailed.description;
          toast({ variant: 'destructive', title: CHECKOUT_TEXT.setupFailed.title, description });
        },
      },
    );
  };

  // Once the provider is configured, hold the slot and start the payment (once); or, back from the
  // bank's check (3-D Secure), ask the provider how that payment ended: succeeded finishes the
  // booking, anything else offers the same payment again (the hold is still the host's).
  useEffect(() => {
    if (!booking || !provider || started.current) return;
    started.current = true;
    const attempt = booking.payment;
    if (
      provider !== 'stripe' ||
      !publishableKey ||
      !returned ||
      !attempt ||
      attempt.clientSecret !== returned.clientSecret
    ) {
      start(booking);
      return;
    }
    setParams({}, { replace: true });
    void (async () => {
      try {
        const stripe = await getStripe(publishableKey);
        const { paymentIntent, error } = stripe
          ? await stripe.retrievePaymentIntent(attempt.clientSecret)
          : { paymentIntent: undefined, error: { message: undefined } };
        if (paymentIntent?.status === 'succeeded') {
          await onSucceeded(attempt.holdId);
          return;
        }
        if (paymentIntent?.status === 'processing') toast(PAYMENT_TOASTS.processing);
        else
          toast({
            variant: 'destructive',
            title: PAYMENT_TOASTS.failed,
            description: error?.message || PAYMENT_TOASTS.failedFallback,
          });
        setSetup(resumed(attempt));
      } catch {
        toast({ variant: 'destructive', ...PAYMENT_TOASTS.error });
        setSetup(resumed(attempt));
      }
    })();
  }, [booking, provider, publishableKey]);

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => navigate(bookingPath(confirmed), { replace: true }), REDIRECT_AFTER_PAYMENT_MS);
    return () => clearTimeout(timer);
  }, [confirmed, navigate]);

  if (!booking) return null;
  if (confirmed) return <Confirmed deposit={depositOutcome} bookingId={confirmed} />;

  const notConfigured = provider === null || setup.state === 'not-configured';
  const configFailed = config.isError;
  const ready = setup.state === 'ready' ? setup : null;
  const total = ready && Number.isFinite(ready.total) ? ready.total : booking.totalPrice;
  const charge =
    ready && Number.isFinite(ready.charge) ? ready.charge : (booking.section?.depositAmount ?? booking.totalPrice);
  const balance = ready && Number.isFinite(ready.balance) ? ready.balance : (booking.section?.balanceDue ?? 0);

  const onSucceeded = async (bookingId: string) => {
    let created: Booking | null = null;
    const section = booking.section;
    try {
      created = await createPaidBooking(
        section
          ? paidSectionBookingPayload({
              venueId: booking.venueId,
              sectionId: section.id,
              dancerId: section.dancerId,
              bookingDate: booking.date,
              startTime: booking.time,
              duration: booking.duration,
              guestVisibility: section.guestVisibility,
              holdId: bookingId,
            })
          : paidBookingPayload({
              hostId: user?.id ?? '',
              venueId: booking.venueId,
              venueName: booking.venueName,
              bookingDate: booking.date,
              startTime: booking.time,
              duration: booking.duration,
              totalCost: total,
              eventDescription: booking.eventDescription,
              holdId: bookingId,
            }),
      );
    } catch (error) {
      // The payment went through: the server's webhook confirms the booking (docs/product.md#payment-checkout).
      console.error('Booking after payment failed; the payment webhook confirms it', error);
    }
    clearPendingBooking();
    if (section)
      setDepositOutcome({
        sectionName: created?.section ?? section.name,
        depositPaid: created ? Number(created.depositAmount) : charge,
        balanceDue: created ? Number(created.balanceDue) : balance,
      });
    toast(section ? CHECKOUT_TEXT.depositSuccess : CHECKOUT_TEXT.success);
    setConfirmed(created?.id ?? bookingId);
    // The guests chosen on the invites step are invited to the confirmed booking (the paid hold).
    const guestIds = booking.sendInvites === false ? [] : (booking.invitedMemberIds ?? []);
    if (guestIds.length > 0) {
      void inviteChosenGuests(guestIds, {
        bookingId: created?.id ?? bookingId,
        venueName: created?.venueName ?? booking.venueName,
        sectionType: created?.sectionType ?? FULL_YACHT.sectionType,
        bookingDate: created?.bookingDate ?? booking.date,
        eventDescription: created?.eventDescription ?? booking.eventDescription,
      });
    }
  };

  /**
   * The test provider's outcome reaches the booking by its event, after the card form's answer:
   * the page waits for the booking to be confirmed (a payment still processing waits longer).
   */
  const afterTestPayment = async (bookingId: string, processing: boolean) => {
    const status = await bookingStatus(bookingId, { until: ['confirmed', 'cancelled'], tries: processing ? 60 : 15 });
    if (status === 'cancelled') {
      toast({ variant: 'destructive', title: PAYMENT_TOASTS.failed, description: PAYMENT_TOASTS.failedFallback });
      setSetup({ state: 'failed' });
      return;
    }
    await onSucceeded(bookingId);
  };

  let payment: ReactNode;
  if (notConfigured) {
    payment = (
      <div role="alert" className="rounded-2xl border border-red-400/40 bg-red-500/10 p-4">
        <h2 className="font-semibold text-red-100">{CHECKOUT_TEXT.configTitle}</h2>
        <p className="mt-1 text-sm text-red-100/90">{CHECKOUT_TEXT.configText}</p>
      </div>
    );
  } else if (configFailed || setup.state === 'failed') {
    payment = (
      <div className="flex flex-col items-center gap-3 text-center">
        <p className="text-sm text-neutral-300">{CHECKOUT_TEXT.setupFailed.description}</p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            if (configFailed) void config.refetch();
            else start(booking);
          }}
        >
          Try Again
        </Button>
      </div>
    );
  } else if (setup.state === 'ready' && provider && split) {
    const mine = split.shares.find((x) => x.isHost);
    payment = (
      <div className="flex flex-col gap-4">
        {sharePaid || !split.hostClientSecret ? (
          <p role="status" className="text-gold-200">
            {SPLIT_SHARE_PAID}
          </p>
        ) : (
          (() => {
            const onShare = async () => {
              clearPendingBooking();
              setSharePaid(true);
              toast({ title: 'Payment Successful!', description: SPLIT_SHARE_PAID });
            };
            return provider === 'test' || !publishableKey ? (
              <TestCardForm
                key={split.hostClientSecret}
                clientSecret={split.hostClientSecret}
                total={Number(mine?.amount ?? 0)}
                onSucceeded={onShare}
                onProcessing={() => void onShare()}
              />
            ) : (
              <Elements
                key={split.hostClientSecret}
                stripe={getStripe(publishableKey)}
                options={{ clientSecret: split.hostClientSecret, appearance: cardAppearance }}
              >
                <CheckoutForm total={Number(mine?.amount ?? 0)} onSucceeded={onShare} />
              </Elements>
            );
          })()
        )}
        {splitPayment.links(split)}
      </div>
    );
  } else if (setup.state === 'ready' && provider) {
    const options: StripeElementsOptions = { clientSecret: setup.clientSecret, appearance: cardAppearance };
    const deadline = splitDeadline(new Date(), bookingWindow(booking.date, booking.time, booking.duration).startsAt);
    payment = (
      <div className="flex flex-col gap-4">
        {deadline ? (
          <div className="flex flex-col gap-3">
            <Button
              type="button"
              variant="ghost"
              aria-expanded={splitOpen}
              aria-controls="split-payment"
              onClick={() => setSplitOpen((o) => !o)}
            >
              {splitPayment.title}
            </Button>
            {splitOpen ? (
              <div id="split-payment">
                {splitPayment.form({
                  bookingId: setup.bookingId,
                  charge,
                  deadline,
                  onSplit: (made) => {
                    setSplit(made);
                    if (made.hostClientSecret)
                      writePendingBooking({
                        ...booking,
                        payment: {
                          holdId: setup.bookingId,
                          clientSecret: made.hostClientSecret,
                          total: Number(made.shares.find((x) => x.isHost)?.amount ?? 0),
                          balance,
                        },
                      });
                  },
                })}
              </div>
            ) : null}
          </div>
        ) : null}
        {provider === 'test' || !publishableKey ? (
          <TestCardForm
            clientSecret={setup.clientSecret}
            total={charge}
            onSucceeded={() => afterTestPayment(setup.bookingId, false)}
            onProcessing={() => void afterTestPayment(setup.bookingId, true)}
          />
        ) : (
          <Elements stripe={getStripe(publishableKey)} options={options}>
            <CheckoutForm total={charge} onSucceeded={() => onSucceeded(setup.bookingId)} />
          </Elements>
        )}
      </div>
    );
  } else {
    payment = (
      <p role="status" className="flex items-center justify-center gap-3 py-6 text-sm text-neutral-300">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-gold-400 border-t-transparent"
        />
        {returned && booking.payment ? CHECKOUT_TEXT.returning : CHECKOUT_TEXT.settingUp}
      </p>
    );
  }

  return (
    <Shell>
      <main className="flex flex-col gap-6">
        <h1 className="font-display text-3xl font-semibold text-white">Complete Your Booking</h1>
        <BookingSummary
          booking={booking}
          total={total}
          deposit={booking.section ? { amount: charge, balance, percent: booking.section.depositPercent } : undefined}
        />
        <Panel id="payment-title" title="Payment details">
          {payment}
        </Panel>
      </main>
    </Shell>
  );
}
