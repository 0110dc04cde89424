import { useId, useRef } from 'react';
import type { MemberCardView } from '@luxe/contracts';
import { useInviteCandidates } from '../api/invite-candidates';
import { ImageCarousel } from '../../../components/image-carousel';
import { VerifiedBadge } from '../../../components/verified-badge';
import { NextBar, StepShell } from './step-shell';
import { QueryError } from '../../../components/query-state';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';

export type GuestDecision = 'invited' | 'declined';
export type GuestDecisions = Readonly<Record<string, GuestDecision>>;

/** How far a card must be dragged to count as a swipe. */
const SWIPE_PX = 80;

/** A member without an age is shown as 25 (docs/product.md#profiles). */
const DEFAULT_AGE = 25;

function GuestCard({
  guest,
  position,
  total,
  onDecide,
}: {
  guest: MemberCardView;
  position: number;
  total: number;
  onDecide: (d: GuestDecision) => void;
}) {
  const start = useRef<number | null>(null);
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="touch-pan-y overflow-hidden rounded-3xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/40"
      onPointerDown={(e) => {
        if (e.pointerType !== 'mouse') start.current = e.clientX;
      }}
      onPointerUp={(e) => {
        if (start.current === null) return;
        const dx = e.clientX - start.current;
        start.current = null;
        if (dx > SWIPE_PX) onDecide('invited');
        else if (dx < -SWIPE_PX) onDecide('declined');
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      {guest.profileImages.length > 0 ? (
        <ImageCarousel
          key={guest.id}
          images={guest.profileImages}
          label={`Photos of ${guest.firstName}`}
          altOf={(i, n) => `${guest.firstName}, photo ${i + 1} of ${n}`}
          className="rounded-none"
          imageClassName="h-80"
        />
      ) : (
        <div
          role="img"
          aria-label={`${guest.firstName} has no photo yet`}
          className="grid h-80 place-items-center bg-gradient-to-br from-gold-400/25 via-neutral-800 to-neutral-900"
        >
          <span aria-hidden="true" className="font-display text-7xl font-semibold text-gold-200">
            {guest.firstName.charAt(0).toUpperCase() || '?'}
          </span>
        </div>
      )}
      <div className="flex flex-col gap-2 p-5">
        <h2 id={nameId} className="font-display text-2xl font-semibold break-words text-white">
          {guest.firstName},{' '}
          <span className="font-sans text-xl font-normal text-neutral-300">{guest.age ?? DEFAULT_AGE}</span>
        </h2>
        <VerifiedBadge verified={guest.verified} className="self-start" />
        {guest.bio?.trim() ? <p className="break-words text-neutral-300">{guest.bio}</p> : null}
        <p
          data-testid="deck-counter"
          aria-live="polite"
          className="text-xs font-semibold uppercase tracking-wider text-gold-300"
        >
          {position} of {total}
        </p>
      </div>
      <div className="flex items-center justify-center gap-8 border-t border-white/10 p-4">
        <button
          type="button"
          aria-label={`Decline ${guest.firstName}`}
          onClick={() => onDecide('declined')}
          className="inline-flex h-14 w-14 items-center justify-center rounded-full border border-red-300/50 text-red-200 hover:bg-red-400/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          <Icon path={ICON_PATHS.close} className="h-6 w-6" strokeWidth="2.5" />
        </button>
        <button
          type="button"
          aria-label={`Invite ${guest.firstName}`}
          onClick={() => onDecide('invited')}
          className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-r from-gold-300 to-gold-500 text-neutral-950 shadow-lg shadow-gold-500/20 hover:from-gold-200 hover:to-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          <Icon path={ICON_PATHS.heart} className="h-6 w-6" fill="currentColor" stroke="none" />
        </button>
      </div>
    </article>
  );
}

/**
 * Step 3, Event Invites: invites on or off, and a deck of up to 3 guests of the host's state to
 * invite or decline (docs/product.md#booking-yachts). The invites go out once the booking is
 * confirmed; without guests nearby (or for a visitor, who signs in at the end) the step says so and
 * Next continues.
 */
export function InvitesStep({
  host,
  sendInvites,
  onSendInvitesChange,
  decisions,
  onDecide,
  onBack,
  onNext,
  focusTitle,
}: {
  /** The signed-in host (null for a visitor). */
  host: { id: string; state: string; city?: string } | null;
  sendInvites: boolean;
  onSendInvitesChange: (on: boolean) => void;
  decisions: GuestDecisions;
  onDecide: (guestId: string, decision: GuestDecision) => void;
  onBack: () => void;
  onNext: () => void;
  focusTitle: boolean;
}) {
  const checkboxId = useId();
  const candidates = useInviteCandidates(host);
  const deck = candidates.data ?? [];
  const next = deck.find((g) => !decisions[g.id]);
  const position = deck.findIndex((g) => !decisions[g.id]) + 1;
  const invitedCount = deck.filter((g) => decisions[g.id] === 'invited').length;

  let content;
  if (!sendInvites) {
    content = (
      <p className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4 text-sm text-neutral-300">
        Invites are off for this event. You can turn them on at any time before you confirm.
      </p>
    );
  } else if (host === null) {
    content = (
      <p className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4 text-sm text-neutral-300">
        Sign in when you finish your booking to invite guests in your area.
      </p>
    );
  } else if (candidates.isPending) {
    content = (
      <p role="status" className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4 text-sm text-neutral-300">
        Finding guests in your area...
      </p>
    );
  } else if (candidates.isError) {
    content = (
      <QueryError
        look="inline"
        className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4"
        text="Error loading guests. Please try again."
        onRetry={() => void candidates.refetch()}
      />
    );
  } else if (deck.length === 0) {
    content = (
      <p className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4 text-sm text-neutral-300">
        No guests to invite in your area yet
      </p>
    );
  } else if (next) {
    content = (
      <GuestCard
        key={next.id}
        guest={next}
        position={position}
        total={deck.length}
        onDecide={(d) => onDecide(next.id, d)}
      />
    );
  } else {
    content = (
      <div role="status" className="rounded-3xl border border-gold-400/30 bg-gold-400/10 p-6 text-center">
        <p className="font-display text-xl font-semibold text-white">
          Finish Booking to Send More Invites and Receive them
        </p>
        <p className="mt-2 text-sm text-neutral-300">
          {invitedCount} of {deck.length} guests invited
        </p>
      </div>
    );
  }

  return (
    <StepShell
      title="Event Invites"
      eyebrow="Guests"
      onBack={onBack}
      focusTitle={focusTitle}
      footer={<NextBar onNext={onNext} />}
    >
      <div className="flex items-start gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={sendInvites}
          onChange={(e) => onSendInvitesChange(e.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-gold-400"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium text-neutral-100">
          Send & Receive Invites for your Event
        </label>
      </div>

      {content}
    </StepShell>
  );
}
