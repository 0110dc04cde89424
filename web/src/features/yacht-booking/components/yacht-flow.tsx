import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { todayInNewYork, toCancellationPolicy, yachtPrice, type Venue } from '@luxe/contracts';
import { rememberRedirectAfterLogin, useCurrentUser } from '../../../lib/auth-store';
import { writePendingBooking } from '../../../lib/pending-booking';
import type { FlowFriend } from './friend-photo-input';
import { FriendsPromptStep } from './friends-prompt-step';
import { FriendsStep } from './friends-step';
import { InvitesStep, type GuestDecision, type GuestDecisions } from './invites-step';
import { PhotosStep } from './photos-step';
import { PreviewStep } from './preview-step';
import { ScheduleStep, type Schedule } from './schedule-step';
import { YachtDetail } from './yacht-detail';

export type YachtStep = 'detail' | 'schedule' | 'invites' | 'friends-prompt' | 'friends' | 'photos' | 'preview';

/** The duration a new booking starts with. */
export const DEFAULT_DURATION = 4;

/**
 * The yacht booking flow (docs/product.md#booking-yachts): detail → date/time/duration → event
 * invites → add-friends prompt → friends (or skip) → photos → preview; Confirm Booking writes the
 * pending booking (with the guests chosen on the invites step) and goes to /payment, where the slot
 * is held, priced by the server and paid, and the invites go out once the booking is confirmed.
 */
export function YachtFlow({ venue }: { venue: Venue; guest: boolean }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [step, setStep] = useState<YachtStep>('detail');
  // Once the host has moved between steps, each new step takes the focus to its title.
  const [focusTitle, setFocusTitle] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>(() => ({
    date: todayInNewYork(),
    startTime: '',
    duration: DEFAULT_DURATION,
  }));
  const [sendInvites, setSendInvites] = useState(true);
  const [decisions, setDecisions] = useState<GuestDecisions>({});
  const [friends, setFriends] = useState<FlowFriend[]>([]);
  const [description, setDescription] = useState('');

  const go = (next: YachtStep) => {
    setFocusTitle(true);
    setStep(next);
  };
  const total = yachtPrice(venue, schedule.duration);

  const leave = () => {
    // The booking screen's back action: the previous page, or the dashboard without history (docs/product.md#booking-screen).
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/dashboard');
  };

  const confirm = () => {
    if (!schedule.startTime) return;
    writePendingBooking({
      venueId: venue.id,
      venueName: venue.name,
      venueImage: venue.imageUrl,
      date: schedule.date,
      time: schedule.startTime,
      duration: schedule.duration,
      totalPrice: total,
      eventDescription: description.trim(),
      friendsCount: friends.length,
      sendInvites,
      invitedMemberIds: sendInvites ? Object.keys(decisions).filter((id) => decisions[id] === 'invited') : [],
      friendIds: friends.map((f) => f.id),
      cancellationPolicy: toCancellationPolicy(venue.cancellationPolicy),
    });
    if (user) {
      navigate('/payment');
    } else {
      // A visitor signs in first; the payment page picks the booking up after that.
      rememberRedirectAfterLogin('/payment');
      navigate('/login');
    }
  };

  switch (step) {
    case 'detail':
      return (
        <YachtDetail
          venue={venue}
          bookingsCount={0}
          onBack={leave}
          onBook={() => go('schedule')}
          focusTitle={focusTitle}
        />
      );
    case 'schedule':
      return (
        <ScheduleStep
          venue={venue}
          value={schedule}
          onChange={setSchedule}
          onBack={() => go('detail')}
          onNext={() => go('invites')}
          focusTitle={focusTitle}
        />
      );
    case 'invites':
      return (
        <InvitesStep
          host={user ? { id: user.id, state: user.state, city: user.city } : null}
          sendInvites={sendInvites}
          onSendInvitesChange={setSendInvites}
          decisions={decisions}
          onDecide={(id: string, d: GuestDecision) => setDecisions((prev) => ({ ...prev, [id]: d }))}
          onBack={() => go('schedule')}
          onNext={() => go('friends-prompt')}
          focusTitle={focusTitle}
        />
      );
    case 'friends-prompt':
      return (
        <FriendsPromptStep
          onBack={() => go('invites')}
          onYes={() => go('friends')}
          onSkip={() => go('photos')}
          focusTitle={focusTitle}
        />
      );
    case 'friends':
      return (
        <FriendsStep
          friends={friends}
          onAdd={(f) => setFriends((prev) => [...prev, f])}
          onUpdate={(f) => setFriends((prev) => prev.map((p) => (p.id === f.id ? f : p)))}
          onRemove={(id) => setFriends((prev) => prev.filter((p) => p.id !== id))}
          onBack={() => go('friends-prompt')}
          onNext={() => go('photos')}
          focusTitle={focusTitle}
        />
      );
    case 'photos':
      return (
        <PhotosStep
          friends={friends}
          onUpdate={(f) => setFriends((prev) => prev.map((p) => (p.id === f.id ? f : p)))}
          onBack={() => go('friends')}
          onNext={() => go('preview')}
          focusTitle={focusTitle}
        />
      );
    case 'preview':
      return (
        <PreviewStep
          venue={venue}
          schedule={schedule}
          total={total}
          user={user}
          friends={friends}
          description={description}
          onDescriptionChange={setDescription}
          onBack={() => go('photos')}
          onConfirm={confirm}
          focusTitle={focusTitle}
        />
      );
  }
}
