import { alreadyCheckedInMessage, PASS_KIND_LABELS, PASS_MESSAGES, type PassView } from '@luxe/contracts';
import { LinkedCardPage } from '../../../components/layout/card-page';
import { DetailItem } from '../../../components/detail-item';
import { formatBookingDate, formatTimeRange } from '../../../lib/booking-display';
import { isNotFound, usePassView } from '../api/passes';
import { PassQr } from './pass-qr';
import { DoorCode } from './door-code';
import { SignedInBell } from '../../../components/layout/notification-bell';

/** Hours from start to end ('22:00' → '01:00' is 3). */
const hoursBetween = (start: string, end: string) =>
  (Number(end.slice(0, 2)) - Number(start.slice(0, 2)) + 24) % 24 || 24;

/** /pass/{token}: an attendee's door pass (public: whoever holds the link shows it at the door). */
export function PassPage({ token }: { token: string }) {
  const pass = usePassView(token);
  return (
    <LinkedCardPage
      query={pass}
      aside={<SignedInBell />}
      loadingLabel="Loading pass..."
      isNotFound={isNotFound}
      notFound={{ title: PASS_MESSAGES.notFound, text: 'This pass link is invalid. Ask the host for your pass again.' }}
      errorText="We could not load your pass. Please try again."
    >
      {(p) => <Pass token={token} p={p} />}
    </LinkedCardPage>
  );
}

function Pass({ token, p }: { token: string; p: PassView }) {
  const slot = { bookingDate: p.bookingDate, startTime: p.startTime, duration: hoursBetween(p.startTime, p.endTime) };
  return (
    <>
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
        <DetailItem label="Name" testId="pass-name" value={p.attendeeFirstName} />
        <DetailItem label="Pass" testId="pass-kind" value={PASS_KIND_LABELS[p.kind]} />
        <DetailItem label="Date" testId="pass-date" value={formatBookingDate(p.bookingDate)} />
        <DetailItem label="Time" testId="pass-time" value={formatTimeRange(slot)} />
        <DoorCode code={p.code} className="min-[360px]:col-span-2" />
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
    </>
  );
}
