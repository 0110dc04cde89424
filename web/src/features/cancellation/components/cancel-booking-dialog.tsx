import { useState } from 'react';
import { refundCents, refundPercentAt, type Booking } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { serverMessage } from '../../../lib/api-client';
import { bookingStart } from '../../../lib/cancellation';
import { formatDollars } from '../../../lib/format';
import { useCancelBooking } from '../api/cancel-booking';
import { RefundSchedule } from '../../../components/refund-schedule';

/** What cancelling now would refund, in dollars (for display only: the server decides). */
export function refundIfCancelledNow(b: Booking, now: Date = new Date()): { percent: number; amount: number } {
  const percent = refundPercentAt(b.cancellationPolicy, bookingStart(b), now);
  return { percent, amount: refundCents(Math.round(Number(b.amountPaid) * 100), percent) / 100 };
}

/** 'Refund: $1,000.00' or 'No refund'. */
export function refundText(amount: number): string {
  return amount > 0 ? `Refund: ${formatDollars(amount)}` : 'No refund';
}

/**
 * Cancel booking: asks first, stating the refund the policy gives now (computed here for display);
 * then shows the server's answer, the refund it decided.
 */
/** `onClose(true)` once the booking is cancelled. */
export function CancelBookingDialog({
  booking,
  onClose,
  now = () => new Date(),
}: {
  booking: Booking;
  onClose: (cancelled: boolean) => void;
  now?: () => Date;
}) {
  const cancel = useCancelBooking();
  const [done, setDone] = useState<Booking | null>(null);
  const at = now();
  const expected = refundIfCancelledNow(booking, at);
  const paid = Number(booking.amountPaid);

  if (done) {
    const refund = Number(done.refundAmount ?? 0);
    return (
      <Dialog
        key="done"
        title="Booking cancelled"
        onClose={() => onClose(true)}
        description={<p data-testid="cancel-result">{`Booking cancelled. ${refundText(refund)}`}</p>}
      >
        {refund > 0 ? (
          <p className="text-sm text-neutral-300">
            The refund goes back to the card you paid with; banks usually show it within 5 to 10 business days.
          </p>
        ) : null}
        <Button type="button" onClick={() => onClose(true)}>
          Done
        </Button>
      </Dialog>
    );
  }

  const question =
    paid > 0
      ? expected.amount > 0
        ? `If you cancel now you get ${expected.percent >= 100 ? 'a full refund' : `a ${expected.percent}% refund`}: ${formatDollars(expected.amount)} of the ${formatDollars(paid)} you paid.`
        : `If you cancel now you get no refund of the ${formatDollars(paid)} you paid.`
      : booking.status === 'held'
        ? 'Your reserved time is released; nothing has been paid.'
        : 'Nothing was paid for this booking, so there is nothing to refund.';

  return (
    <Dialog
      key="ask"
      role="alertdialog"
      title={`Cancel booking at ${booking.venueName}?`}
      onClose={() => onClose(false)}
      description={<p data-testid="cancel-expected">{question}</p>}
    >
      <RefundSchedule policy={booking.cancellationPolicy} startsAt={bookingStart(booking)} now={at} level={3} />
      {cancel.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-300">
          {serverMessage(cancel.error, 'Unable to cancel the booking. Please try again.')}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={() => onClose(false)}>
          Keep booking
        </Button>
        <Button
          type="button"
          variant="destructive"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(booking.id, { onSuccess: setDone })}
        >
          {cancel.isPending ? 'Cancelling...' : 'Cancel booking'}
        </Button>
      </div>
    </Dialog>
  );
}
