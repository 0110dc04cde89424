import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  AVAILABILITY_REASONS,
  BOOKING_MESSAGES,
  bookingDateProblem,
  bookingWindow,
  CANCELLATION_POLICY_LABELS,
  todayInNewYork,
  toCancellationPolicy,
  START_TIMES,
  takesDeposit,
  type Booking,
  type Section,
  type StartTime,
  type Venue,
} from '@luxe/contracts';
import { toast } from '../../../components/ui/toast';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { clearCurrentUser, rememberRedirectAfterLogin, useCurrentUser } from '../../../lib/auth-store';
import { writePendingBooking } from '../../../lib/pending-booking';
import { formatHours } from '../../../lib/format';
import { useAvailability } from '../../../api/availability';
import { useCreateBooking } from '../api/create-booking';
import { useBookableDancers } from '../api/venue';
import {
  clearBookingChoice,
  DEFAULT_DURATION,
  isStripClub,
  joinVisibility,
  parseVisibility,
  readBookingChoice,
  saveBookingChoice,
  sectionCategories,
  timeLabel,
  type GuestVisibility,
  type SectionCategory,
  type StoredBookingChoice,
} from '../booking-rules';
import { AccountRequiredDialog } from './account-required-dialog';
import { BookingConfirmationDialog } from './booking-confirmation-dialog';
import { ChoiceGroup } from './choice-group';
import { EntertainerPicker } from './entertainer-picker';
import { estimateAmounts, PriceSummary, ReserveBar } from './price-summary';
import { RefundSchedule } from '../../../components/refund-schedule';
import { BookingDateField, BookingDurationField, SoldOutNights } from '../../../components/booking-night';
import { CategoryChoice, SectionPicker } from './section-picker';
import { VenueSummaryCard } from './venue-summary-card';
import { GuestVisibilityField } from './guest-visibility-field';

const START_TIME_OPTIONS = START_TIMES.map((t) => ({ value: t, label: timeLabel(t) }));
export const BOOKING_FAILED = 'Booking Failed';

/**
 * 'Book a Section' (docs/product.md#booking-sections): date, section (VIP rooms or regular sections
 * at a strip club), an optional VIP entertainer, start time and duration, the price estimate and
 * Reserve. A visitor's Reserve keeps the choice and asks for an account; a signed-in user comes
 * back to it.
 */
export function SectionBooking({ venue, sections }: { venue: Venue; sections: readonly Section[] }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const today = todayInNewYork();
  const categories = sectionCategories(venue, sections);

  // A choice kept while the visitor made an account: restored once, then forgotten.
  const [restored] = useState<StoredBookingChoice | null>(() => (user ? readBookingChoice(venue.id) : null));
  const restoredSection = sections.find((s) => s.id === restored?.sectionId) ?? null;
  useEffect(() => {
    if (restored) clearBookingChoice();
  }, [restored]);

  const [date, setDate] = useState(restored && restored.date >= today ? restored.date : today);
  const [category, setCategory] = useState<SectionCategory>(
    restoredSection ? (restoredSection.isVipRoom ? 'vip' : 'regular') : categories.onlyVip ? 'vip' : 'regular',
  );
  const [sectionId, setSectionId] = useState<string | null>(restoredSection?.id ?? null);
  const [dancerId, setDancerId] = useState<string | null>(
    restoredSection?.isVipRoom ? (restored?.dancerId ?? null) : null,
  );
  const [startTime, setStartTime] = useState<StartTime | null>(restored?.startTime ?? null);
  const [duration, setDuration] = useState(restored?.duration ?? DEFAULT_DURATION);
  const [visibility, setVisibility] = useState<Set<GuestVisibility>>(() =>
    parseVisibility(restored?.guestVisibility ?? 'both'),
  );
  const [accountOpen, setAccountOpen] = useState(false);
  const [confirmed, setConfirmed] = useState<Booking | null>(null);
  const createBooking = useCreateBooking();

  const listed = categories.hasChoice ? (category === 'vip' ? categories.vip : categories.regular) : sections;
  const vipMode = isStripClub(venue) && (categories.hasChoice ? category === 'vip' : categories.onlyVip);
  const dancers = useBookableDancers(venue.id, vipMode && !!user);
  const section = listed.find((s) => s.id === sectionId) ?? null;
  const dancer = vipMode ? (dancers.data?.find((d) => d.id === dancerId) ?? null) : null;
  const amounts = section ? estimateAmounts(section, duration, dancer) : null;
  const dateValid = !bookingDateProblem(date);
  // With an entertainer chosen, the times he is booked (in any room) are taken too, said apart.
  const availability = useAvailability(
    { venueId: venue.id, sectionId: section?.id, date, duration, dancerId: dancer?.id },
    !!section && dateValid,
  );
  const open = availability.data && availability.data.date === date ? availability.data : null;
  const taken = new Set<string>(open?.takenStartTimes ?? []);
  const dancerBusy = new Set<string>(open?.dancerTakenStartTimes ?? []);
  const soldOut = (open?.soldOutDates ?? []).filter((d) => d >= today);
  const takenReason = (t: string) =>
    dancerBusy.has(t) ? AVAILABILITY_REASONS.dancerTaken : `Taken for ${formatHours(duration)}`;
  const startTimeOptions = START_TIME_OPTIONS.map((o) =>
    taken.has(o.value)
      ? {
          ...o,
          disabled: true,
          description: takenReason(o.value),
          ariaLabel: `${o.label}, ${takenReason(o.value).toLowerCase()}`,
        }
      : o,
  );

  const dateError = bookingDateProblem(date);
  // A chosen time that became taken (another booking, a longer duration) is no choice: the grid says so.
  const missing = [
    dateError ? 'a date' : null,
    startTime && !taken.has(startTime) ? null : 'a start time',
    section ? null : 'a section',
  ].filter((m): m is string => m !== null);

  const changeCategory = (next: SectionCategory) => {
    setCategory(next);
    setSectionId(null);
    setDancerId(null);
  };

  const currentChoice = (): StoredBookingChoice => ({
    venueId: venue.id,
    date,
    startTime,
    duration,
    sectionId: section?.id ?? null,
    dancerId: dancer?.id ?? dancerId,
    guestVisibility: joinVisibility(visibility),
  });

  const askForAccount = () => {
    saveBookingChoice(currentChoice());
    rememberRedirectAfterLogin(`/booking/${venue.id}`);
    setAccountOpen(true);
  };

  const reserve = () => {
    if (missing.length > 0 || !section || !startTime) return;
    if (!user) {
      askForAccount();
      return;
    }
    if (takesDeposit(section)) {
      payDeposit(section, startTime);
      return;
    }
    createBooking.mutate(
      {
        venueId: venue.id,
        sectionId: section.id,
        dancerId: dancer?.id ?? null,
        bookingDate: date,
        startTime,
        duration,
        friends: [],
        guestVisibility: joinVisibility(visibility),
      },
      {
        onSuccess: (booking) => setConfirmed(booking),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            // The session ended: keep the choice and ask the visitor to log in again.
            askForAccount();
            clearCurrentUser('expired');
            return;
          }
          console.error('Booking failed', error);
          toast({
            title: BOOKING_FAILED,
            description: serverMessage(error, 'The booking could not be made. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  /**
   * A section that takes a deposit is paid by card first (docs/product.md#booking-deposits): the
   * choice goes to /payment as the pending booking, where the server holds the section and charges
   * the deposit.
   */
  const payDeposit = (chosen: Section, time: StartTime) => {
    const estimate = estimateAmounts(chosen, duration, dancer);
    writePendingBooking({
      venueId: venue.id,
      venueName: venue.name,
      venueImage: chosen.imageUrl || venue.imageUrl,
      date,
      time,
      duration,
      totalPrice: estimate.total,
      eventDescription: '',
      friendsCount: 0,
      sendInvites: false,
      invitedMemberIds: [],
      section: {
        id: chosen.id,
        name: chosen.name,
        dancerId: dancer?.id ?? null,
        guestVisibility: joinVisibility(visibility),
        depositPercent: estimate.depositPercent,
        depositAmount: estimate.depositAmount,
        balanceDue: estimate.balanceDue,
        minimumSpend: estimate.minimumSpend,
      },
    });
    void navigate('/payment');
  };

  const closeConfirmation = () => {
    setConfirmed(null);
    setSectionId(null);
    setDancerId(null);
    setStartTime(null);
  };

  return (
    <>
      <div className="flex flex-col gap-6 pb-36">
        {restored ? (
          <p
            role="status"
            className="rounded-2xl border border-gold-400/40 bg-gold-400/10 px-4 py-3 text-sm text-gold-100"
          >
            Welcome back! Your booking details were restored.
          </p>
        ) : null}
        <VenueSummaryCard venue={venue} />

        <BookingDateField value={date} onChange={setDate} problem={dateError} />

        {categories.hasChoice ? <CategoryChoice value={category} onChange={changeCategory} /> : null}

        <SectionPicker sections={listed} value={section?.id ?? null} onChange={setSectionId} />

        {vipMode ? (
          <EntertainerPicker
            dancers={dancers.data ?? []}
            state={!user ? 'signed-out' : dancers.isPending ? 'loading' : dancers.isError ? 'error' : 'ready'}
            selectedId={dancerId}
            onChange={setDancerId}
          />
        ) : null}

        <SoldOutNights nights={soldOut} date={date} what={section?.name} instead="Choose another night or section." />
        <ChoiceGroup
          name="start-time"
          legend="Start Time (EST)"
          options={startTimeOptions}
          value={startTime}
          onChange={setStartTime}
          columns="grid-cols-3"
        />
        {startTime && taken.has(startTime) ? (
          <p role="status" className="text-sm text-red-300">
            {dancerBusy.has(startTime)
              ? BOOKING_MESSAGES.dancerTaken
              : `${timeLabel(startTime)} is taken for ${formatHours(duration)}. Choose another start time or a shorter duration.`}
          </p>
        ) : null}

        <BookingDurationField value={duration} onChange={setDuration} />

        <GuestVisibilityField value={visibility} onChange={setVisibility} />

        <PriceSummary section={section} dancer={dancer} hours={duration} />
        {startTime && !dateError ? (
          <RefundSchedule
            policy={toCancellationPolicy(venue.cancellationPolicy)}
            startsAt={bookingWindow(date, startTime, duration).startsAt}
            note="Refunds apply to what you pay online; cancel from My Bookings."
          />
        ) : (
          <p className="text-sm text-neutral-300">
            Cancellation policy: {CANCELLATION_POLICY_LABELS[toCancellationPolicy(venue.cancellationPolicy)]}. Choose a
            date and start time to see the refund dates.
          </p>
        )}
      </div>

      <ReserveBar
        total={amounts?.total ?? null}
        deposit={amounts?.depositAmount ?? 0}
        missing={missing}
        pending={createBooking.isPending}
        onReserve={reserve}
      />

      {accountOpen ? <AccountRequiredDialog onClose={() => setAccountOpen(false)} /> : null}
      {confirmed ? <BookingConfirmationDialog booking={confirmed} onClose={closeConfirmation} /> : null}
    </>
  );
}
