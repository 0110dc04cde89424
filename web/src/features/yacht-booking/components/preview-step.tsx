import { useId, useState } from 'react';
import { bookingWindow, endTimeOf, toCancellationPolicy, VENUE_PLACEHOLDERS, type Venue } from '@luxe/contracts';
import { RefundSchedule } from '../../../components/refund-schedule';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/select';
import type { StoredUser } from '../../../lib/auth-store';
import { formatClockTime, formatDollars, formatHours, formatLongDate } from '../../../lib/format';
import { previewAvatars, yachtImages } from '../rules';
import { FriendAvatar, type FlowFriend } from './friend-photo-input';
import { ImageCarousel } from '../../../components/image-carousel';
import type { Schedule } from './schedule-step';
import { PriceBar, StepShell } from './step-shell';

export const DESCRIPTION_MAX = 2000;

function hostName(user: StoredUser | null): string {
  return user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Host' : 'Host';
}

function HostProfileDialog({
  user,
  friends,
  onClose,
}: {
  user: StoredUser | null;
  friends: readonly FlowFriend[];
  onClose: () => void;
}) {
  const photos = user?.profileImages ?? [];
  const name = hostName(user);
  return (
    <Dialog title={name} description="Host of this event" onClose={onClose}>
      <section aria-label="Photos">
        <h3 className="text-sm font-semibold text-neutral-200">Photos</h3>
        {photos.length ? (
          <ul className="mt-2 grid grid-cols-3 gap-2">
            {photos.map((src, i) => (
              <li key={src}>
                <img
                  src={src}
                  alt={`${name}, photo ${i + 1} of ${photos.length}`}
                  className="aspect-square w-full rounded-xl object-cover"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-neutral-400">No photos yet.</p>
        )}
      </section>
      <section aria-label="Friends">
        <h3 className="text-sm font-semibold text-neutral-200">Friends ({friends.length})</h3>
        {friends.length ? (
          <ul className="mt-2 flex flex-col gap-2">
            {friends.map((f) => (
              <li key={f.id} className="flex items-center gap-3">
                <FriendAvatar friend={f} className="h-9 w-9 text-sm" />
                <span className="text-neutral-100">{f.name}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-neutral-400">No friends added.</p>
        )}
      </section>
      <Button type="button" variant="secondary" onClick={onClose}>
        Close
      </Button>
    </Dialog>
  );
}

/** Step 7, Event Preview: the event as guests will see it, a description, and Confirm Booking (docs/product.md#booking-yachts). */
export function PreviewStep({
  venue,
  schedule,
  total,
  user,
  friends,
  description,
  onDescriptionChange,
  onBack,
  onConfirm,
  focusTitle,
}: {
  venue: Venue;
  schedule: Schedule;
  total: number;
  user: StoredUser | null;
  friends: readonly FlowFriend[];
  description: string;
  onDescriptionChange: (text: string) => void;
  onBack: () => void;
  onConfirm: () => void;
  focusTitle: boolean;
}) {
  const [hostOpen, setHostOpen] = useState(false);
  const descriptionId = useId();
  const { shown, more } = previewAvatars(friends);
  const hostPhoto = user?.profilePic || user?.profileImages[0] || null;
  const name = hostName(user);
  const startTime = schedule.startTime || '18:00';

  return (
    <StepShell
      title="Event Preview"
      eyebrow={venue.name}
      onBack={onBack}
      focusTitle={focusTitle}
      footer={
        <PriceBar
          label="Total"
          price={formatDollars(total)}
          action={
            <Button type="button" size="lg" onClick={onConfirm}>
              Confirm Booking
            </Button>
          }
        />
      }
    >
      <ImageCarouselSection venue={venue} />
      <section aria-label="Event details" className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4">
        <h2 className="font-display text-xl font-semibold text-white">{venue.name}</h2>
        <p data-testid="preview-when" className="mt-1 text-sm text-neutral-300">
          {schedule.date ? formatLongDate(schedule.date) : ''} · {formatClockTime(startTime)} –{' '}
          {formatClockTime(endTimeOf(startTime, schedule.duration))} EST ({formatHours(schedule.duration)})
        </p>
      </section>
      {schedule.date ? (
        <RefundSchedule
          policy={toCancellationPolicy(venue.cancellationPolicy)}
          startsAt={bookingWindow(schedule.date, startTime, schedule.duration).startsAt}
        />
      ) : null}

      <section
        aria-label="Host"
        className="flex items-center gap-3 rounded-2xl border border-white/10 bg-neutral-900/70 p-4"
      >
        {hostPhoto ? (
          <img src={hostPhoto} alt={`Photo of ${name}`} className="h-12 w-12 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-gold-400 font-semibold text-neutral-950"
          >
            {name[0]}
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block text-xs uppercase tracking-wide text-neutral-400">Hosted by</span>
          <span className="block truncate font-semibold text-white">{name}</span>
        </span>
        <Button type="button" size="sm" variant="secondary" onClick={() => setHostOpen(true)}>
          View host profile
        </Button>
      </section>

      <section aria-label="Friends coming">
        <h2 className="text-sm font-semibold text-neutral-200">Friends coming</h2>
        {friends.length ? (
          <div className="mt-2 flex items-center">
            <ul data-testid="preview-avatars" className="flex -space-x-3">
              {shown.map((f) => (
                <li key={f.id}>
                  <FriendAvatar friend={f} className="h-11 w-11" />
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <span
                data-testid="preview-more"
                className="ml-2 inline-flex h-11 min-w-11 items-center justify-center rounded-full bg-neutral-800 px-2 text-sm font-semibold text-gold-200 ring-1 ring-gold-400/40"
              >
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">and {more} more</span>
              </span>
            ) : null}
          </div>
        ) : (
          <p className="mt-1 text-sm text-neutral-400">No friends added.</p>
        )}
      </section>

      <div>
        <Label htmlFor={descriptionId}>Event description</Label>
        <Textarea
          id={descriptionId}
          value={description}
          maxLength={DESCRIPTION_MAX}
          rows={4}
          placeholder="Tell your guests what to expect: the vibe, the dress code, the plan."
          onChange={(e) => onDescriptionChange(e.target.value)}
        />
      </div>

      {hostOpen ? <HostProfileDialog user={user} friends={friends} onClose={() => setHostOpen(false)} /> : null}
    </StepShell>
  );
}

function ImageCarouselSection({ venue }: { venue: Venue }) {
  return (
    <ImageCarousel
      images={yachtImages(venue)}
      label={`Photos of ${venue.name}`}
      altOf={(i, n) => `${venue.name}, photo ${i + 1} of ${n}`}
      fallback={VENUE_PLACEHOLDERS.yacht}
    />
  );
}
