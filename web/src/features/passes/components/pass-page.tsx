import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { alreadyCheckedInMessage, formatPassCode, PASS_KIND_LABELS, PASS_MESSAGES } from '@luxe/contracts';
import { Logo } from '../../../components/layout/logo';
import { buttonClasses } from '../../../components/ui/button';
import { formatBookingDate, formatTimeRange } from '../../../lib/booking-display';
import { isNotFound, usePassView } from '../api/passes';
import { PassQr } from './pass-qr';
import { SignedInBell } from '../../../components/layout/notification-bell';
import { QueryError } from '../../../components/query-state';

/** Hours from start to end ('22:00' → '01:00' is 3). */
const hoursBetween = (start: string, end: string) =>
  (Number(end.slice(0, 2)) - Number(start.slice(0, 2)) + 24) % 24 || 24;

/** /pass/{token}: an attendee's door pass (public: whoever holds the link shows it at the door). */
export function PassPage({ token }: { token: string }) {
  const pass = usePassView(token);

  if (pass.isPending) {
    return (
      <Shell>
        <p role="status" className="text-center text-neutral-300">
          Loading pass...
        </p>
      </Shell>
    );
  }
  if (pass.isError) {
    return isNotFound(pass.error) ? (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">{PASS_MESSAGES.notFound}</h1>
        <p className="text-neutral-300">This pass link is invalid. Ask the host for your pass again.</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'self-center')}>
          Go to Home
        </Link>
      </Shell>
    ) : (
      <Shell>
        <h1 className="font-display text-3xl font-semibold text-white">Something went wrong</h1>
        <QueryError
          look="center"
          text="We could not load your pass. Please try again."
          onRetry={() => void pass.refetch()}
        />
      </Shell>
    );
  }

  const p = pass.data;
  const slot = { bookingDate: p.bookingDate, startTime: p.startTime, duration: hoursBetween(p.startTime, p.endTime) };
  return (
    <Shell>
      <div>
        <p className="text-sm uppercase tracking-wide text-gold-300">Door pass</p>
        <h1 className="font-display text-3xl font-semibold break-words text-white">{p.venueName}</h1>
        <p className="text-neutral-300">
          {p.sectionType}
          <span aria-hidden="true"> · </span>
          {p.venueCity}
        </p>
      </div>
      {p.status === 'cancelled' ? (
        <p role="alert" className="rounded-2xl border border-red-400/40 bg-red-950/40 p-4 font-semibold text-red-200">
          {PASS_MESSAGES.cancelled}
        </p>
      ) : (
        <PassQr token={token} label={`QR code of ${p.attendeeFirstName}'s pass for ${p.venueName}`} />
      )}
      <dl className="grid grid-cols-1 gap-3 text-left text-sm min-[360px]:grid-cols-2">
        <Field label="Name" testId="pass-name" value={p.attendeeFirstName} />
        <Field label="Pass" testId="pass-kind" value={PASS_KIND_LABELS[p.kind]} />
        <Field label="Date" testId="pass-date" value={formatBookingDate(p.bookingDate)} />
        <Field label="Time" testId="pass-time" value={formatTimeRange(slot)} />
        <div className="min-[360px]:col-span-2">
          <dt className="text-xs uppercase tracking-wide text-neutral-400">Door code</dt>
          <dd data-testid="pass-code" className="font-mono text-2xl font-semibold tracking-[0.2em] text-gold-200">
            {formatPassCode(p.code)}
          </dd>
        </div>
      </dl>
      {p.status === 'checked-in' && p.checkedInAt ? (
        <p
          data-testid="pass-status"
          className="rounded-2xl border border-emerald-400/40 bg-emerald-950/40 p-3 text-emerald-200"
        >
          {alreadyCheckedInMessage(p.checkedInAt)}
        </p>
      ) : p.status === 'valid' ? (
        <p data-testid="pass-status" className="text-sm text-neutral-300">
          Show this code or the QR code at the door. It lets you in once.
        </p>
      ) : null}
    </Shell>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-neutral-400">{label}</dt>
      <dd data-testid={testId} className="break-words text-neutral-100">
        {value}
      </dd>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-neutral-950 px-5 py-6 text-neutral-100">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <header className="flex flex-wrap items-center justify-between gap-4">
          <Logo />
          <SignedInBell />
        </header>
        <main className="flex flex-col gap-5 rounded-3xl border border-white/10 bg-neutral-900/70 p-6 text-center sm:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}
