import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Booking, Friend } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { depositRows } from '../../../lib/deposit-display';
import { formatWholeDollars } from '../../../lib/format';
import {
  bookingDateLabel,
  joinVisibility,
  parseVisibility,
  timeRangeLabel,
  type GuestVisibility,
} from '../booking-rules';
import { useSetGuestVisibility } from '../api/create-booking';
import { toast } from '../../../components/ui/toast';
import { serverMessage } from '../../../lib/api-client';
import { GuestVisibilityField } from './guest-visibility-field';
import { AddFriendForm } from './add-friend-form';

export const START_INVITING_PATH = '/dashboard?tab=invites&section=discover';

/**
 * 'Booking Confirmed!' (docs/product.md#booking-page): what the server booked (venue, date, time
 * range, total), the friends coming along, who the event is shown to, and where to go next.
 */
export function BookingConfirmationDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const navigate = useNavigate();
  const [friends, setFriends] = useState<Friend[]>([]);
  return (
    <Dialog title="Booking Confirmed!" onClose={onClose} description="Your reservation is confirmed.">
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-2xl border border-gold-400/30 bg-gold-400/5 p-4 text-sm"
        data-testid="booking-summary"
      >
        <dt className="text-neutral-300">Venue</dt>
        <dd className="font-semibold text-white">{booking.venueName}</dd>
        {booking.section ? (
          <>
            <dt className="text-neutral-300">Section</dt>
            <dd className="text-neutral-100">{booking.section}</dd>
          </>
        ) : null}
        <dt className="text-neutral-300">Date</dt>
        <dd className="text-neutral-100">{bookingDateLabel(booking.bookingDate)}</dd>
        <dt className="text-neutral-300">Time</dt>
        <dd className="text-neutral-100">{timeRangeLabel(booking.startTime, booking.duration, booking.endTime)}</dd>
        <dt className="font-semibold text-white">Total</dt>
        <dd className="font-semibold text-gold-200">{formatWholeDollars(booking.totalCost)}</dd>
        {depositRows(booking).map((row) => (
          <Fragment key={row.key}>
            <dt className="text-neutral-300">{row.label}</dt>
            <dd className="text-neutral-100" data-testid={`confirmation-${row.key}`}>
              {row.value}
            </dd>
          </Fragment>
        ))}
      </dl>

      <ShowToGuests booking={booking} />

      <section aria-labelledby="friends-heading" className="flex flex-col gap-3">
        <h3 id="friends-heading" className="text-sm font-semibold text-neutral-100">
          Friends Coming Along
        </h3>
        {friends.length === 0 ? (
          <p className="text-sm text-neutral-300">No friends added yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Friends coming along">
            {friends.map((f) => (
              <li key={f.id} className="flex items-center gap-3 text-sm text-neutral-100">
                {f.profilePicture ? (
                  <img src={f.profilePicture} alt="" className="h-8 w-8 rounded-full object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 items-center justify-center rounded-full bg-gold-400/20 font-semibold text-gold-200"
                  >
                    {f.name.charAt(0).toUpperCase()}
                  </span>
                )}
                <span>{f.name}</span>
                {f.instagram ? <span className="text-neutral-300">@{f.instagram}</span> : null}
              </li>
            ))}
          </ul>
        )}
        <AddFriendForm bookingId={booking.id} onAdded={(f) => setFriends((list) => [...list, f])} />
      </section>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={() => navigate('/dashboard')}>
          Go to Dashboard
        </Button>
        <Button type="button" onClick={() => navigate(START_INVITING_PATH)}>
          Start Inviting
        </Button>
      </div>
    </Dialog>
  );
}

/** 'Show to Guests' Men / Women / Both (several, joined by commas): saved on the booking at each change. */
function ShowToGuests({ booking }: { booking: Booking }) {
  const [value, setValue] = useState<Set<GuestVisibility>>(() => parseVisibility(booking.guestVisibility));
  const save = useSetGuestVisibility(booking.id);
  const change = (next: Set<GuestVisibility>) => {
    const previous = value;
    setValue(next);
    save.mutate(joinVisibility(next), {
      onError: (e) => {
        setValue(previous);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: serverMessage(e, 'Failed to update who can see your event'),
        });
      },
    });
  };
  return (
    <GuestVisibilityField idPrefix="confirmed-visibility" value={value} onChange={change} disabled={save.isPending} />
  );
}
