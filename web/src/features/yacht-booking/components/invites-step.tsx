import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { SAMPLE_GUESTS, type SampleGuest } from '../sample-guests';
import { ImageCarousel } from '../../../components/image-carousel';
import { StepShell } from './step-shell';

export type GuestDecision = 'invited' | 'declined';
export type GuestDecisions = Readonly<Record<string, GuestDecision>>;

/** How far a card must be dragged to count as a swipe. */
const SWIPE_PX = 80;

function GuestCard({ guest, position, onDecide }: { guest: SampleGuest; position: number; onDecide: (d: GuestDecision) => void }) {
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
      <ImageCarousel key={guest.id} images={guest.photos.map((p) => p.src)} label={`Photos of ${guest.firstName}`} altOf={(i) => guest.photos[i]?.alt ?? guest.firstName} className="rounded-none" imageClassName="h-80" />
      <div className="flex flex-col gap-2 p-5">
        <h2 id={nameId} className="font-display text-2xl font-semibold text-white">
          {guest.firstName}, <span className="font-sans text-xl font-normal text-neutral-300">{guest.age}</span>
        </h2>
        <p className="text-neutral-300">{guest.bio}</p>
        <p data-testid="deck-counter" aria-live="polite" className="text-xs font-semibold uppercase tracking-wider text-gold-300">
          {position} of {SAMPLE_GUESTS.length}
        </p>
      </div>
      <div className="flex items-center justify-center gap-8 border-t border-white/10 p-4">
        <button
          type="button"
          aria-label={`Decline ${guest.firstName}`}
          onClick={() => onDecide('declined')}
          className="inline-flex h-14 w-14 items-center justify-center rounded-full border border-red-300/50 text-red-200 hover:bg-red-400/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        <button
          type="button"
          aria-label={`Invite ${guest.firstName}`}
          onClick={() => onDecide('invited')}
          className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-gradient-to-r from-gold-300 to-gold-500 text-neutral-950 shadow-lg shadow-gold-500/20 hover:from-gold-200 hover:to-gold-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
            <path d="M12 21l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.18z" />
          </svg>
        </button>
      </div>
    </article>
  );
}

/** Step 3, Event Invites: invites on or off, and a deck of 3 sample guests to invite or decline (spec doc 2 §2). */
export function InvitesStep({
  sendInvites,
  onSendInvitesChange,
  decisions,
  onDecide,
  onBack,
  onNext,
  focusTitle,
}: {
  sendInvites: boolean;
  onSendInvitesChange: (on: boolean) => void;
  decisions: GuestDecisions;
  onDecide: (guestId: string, decision: GuestDecision) => void;
  onBack: () => void;
  onNext: () => void;
  focusTitle: boolean;
}) {
  const checkboxId = useId();
  const next = SAMPLE_GUESTS.find((g) => !decisions[g.id]);
  const position = SAMPLE_GUESTS.findIndex((g) => !decisions[g.id]) + 1;
  const invitedCount = SAMPLE_GUESTS.filter((g) => decisions[g.id] === 'invited').length;

  return (
    <StepShell
      title="Event Invites"
      eyebrow="Guests"
      onBack={onBack}
      focusTitle={focusTitle}
      footer={
        <Button type="button" size="lg" className="w-full" onClick={onNext}>
          Next
        </Button>
      }
    >
      <div className="flex items-start gap-3 rounded-2xl border border-white/10 bg-white/5 px-4 py-3">
        <input id={checkboxId} type="checkbox" checked={sendInvites} onChange={(e) => onSendInvitesChange(e.target.checked)} className="mt-0.5 h-5 w-5 shrink-0 accent-gold-400" />
        <label htmlFor={checkboxId} className="text-sm font-medium text-neutral-100">
          Send & Receive Invites for your Event
        </label>
      </div>

      {sendInvites ? (
        next ? (
          <GuestCard key={next.id} guest={next} position={position} onDecide={(d) => onDecide(next.id, d)} />
        ) : (
          <div role="status" className="rounded-3xl border border-gold-400/30 bg-gold-400/10 p-6 text-center">
            <p className="font-display text-xl font-semibold text-white">Finish Booking to Send More Invites and Receive them</p>
            <p className="mt-2 text-sm text-neutral-300">
              {invitedCount} of {SAMPLE_GUESTS.length} guests invited
            </p>
          </div>
        )
      ) : (
        <p className="rounded-2xl border border-white/10 bg-neutral-900/70 p-4 text-sm text-neutral-300">Invites are off for this event. You can turn them on at any time before you confirm.</p>
      )}
    </StepShell>
  );
}
