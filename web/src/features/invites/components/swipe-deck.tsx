import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { MemberCardView } from '@luxe/contracts';
import { Button } from '../../../components/ui/button';
import { VerifiedBadge } from '../../../components/verified-badge';
import { cn } from '../../../lib/cn';
import { ageOf, placeOf } from '../display';
import { MemberPhotos } from './member-photos';
import { useSwipeDrag, type SwipeDirection } from './use-swipe-drag';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';

/** The words of a deck's two answers: visible text, and the accessible name naming the member. */
export interface DeckActions {
  left: { text: string; name: (firstName: string) => string };
  right: { text: string; name: (firstName: string) => string };
}

const actionButton =
  'inline-flex h-14 min-w-28 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400';

function SwipeCard({
  member,
  details,
  actions,
  onSwipe,
  onViewProfile,
  answers,
}: {
  member: MemberCardView;
  details?: ReactNode;
  actions: DeckActions;
  onSwipe: (direction: SwipeDirection) => void;
  onViewProfile: () => void;
  /** The answer buttons: on the photo's lower edge, so they are on screen with the card (390×844). */
  answers: ReactNode;
}) {
  const nameId = useId();
  const { offset, dragging, handlers } = useSwipeDrag(onSwipe);
  const hint = offset > 20 ? actions.right.text : offset < -20 ? actions.left.text : null;
  return (
    <article
      aria-labelledby={nameId}
      data-testid="swipe-card"
      {...handlers}
      style={offset ? { transform: `translateX(${offset}px) rotate(${offset / 20}deg)` } : undefined}
      className={cn(
        'relative touch-pan-y overflow-hidden rounded-3xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/40 select-none',
        dragging ? 'cursor-grabbing' : 'cursor-grab transition-transform duration-200 motion-reduce:transition-none',
      )}
    >
      <MemberPhotos key={member.id} member={member} />
      <div className="relative z-10 -mt-7 flex items-center justify-center gap-4 px-5">{answers}</div>
      {hint ? (
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-5 rounded-xl border-2 px-3 py-1 text-lg font-bold tracking-widest uppercase',
            offset > 0
              ? 'left-5 -rotate-12 border-gold-300 text-gold-200'
              : 'right-5 rotate-12 border-red-300 text-red-200',
          )}
          style={{ opacity: Math.min(Math.abs(offset) / 100, 1) }}
        >
          {hint}
        </span>
      ) : null}
      <div className="flex flex-col gap-2 p-5 pt-3">
        <h2 id={nameId} className="font-display text-2xl font-semibold break-words text-white">
          {member.firstName}, <span className="font-sans text-xl font-normal text-neutral-300">{ageOf(member)}</span>
        </h2>
        <VerifiedBadge verified={member.verified} className="self-start" />
        <p data-testid="member-place" className="text-sm text-neutral-300">
          {placeOf(member)}
        </p>
        {details}
        {member.bio?.trim() ? (
          <p data-testid="member-bio" className="line-clamp-3 break-words text-neutral-200">
            {member.bio}
          </p>
        ) : null}
        <Button type="button" variant="secondary" size="sm" className="mt-2 self-start" onClick={onViewProfile}>
          View Profile<span className="sr-only">: {member.firstName}</span>
        </Button>
      </div>
    </article>
  );
}

/**
 * One card at a time with the counter 'n of total' ('n of 20+' while a paged deck has more) and
 * Reset (docs/product.md#social-invites).
 * Dragging the card more than 100 px right is the right answer (accept, like), left the left one
 * (decline, pass); the buttons under it do the same for keyboard users. After the last card:
 * "That's Everyone!" with Start Over. Both restart the deck: `onRestart` lets the owner rebuild it.
 */
export function SwipeDeck<T>({
  label,
  items,
  keyOf,
  memberOf,
  details,
  actions,
  onSwipe,
  onRestart,
  renderProfile,
  more,
}: {
  /** The deck's accessible name. */
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  memberOf: (item: T) => MemberCardView;
  details?: (item: T) => ReactNode;
  actions: DeckActions;
  onSwipe: (item: T, direction: SwipeDirection) => void;
  onRestart: () => void;
  renderProfile: (item: T, onClose: () => void) => ReactNode;
  /**
   * A paged deck's next page, shown after the last card instead of "That's Everyone!" while there
   * is one (a LoadMore): its cards join the end of `items`, and the deck goes on with them.
   */
  more?: ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const [profileOf, setProfileOf] = useState<T | null>(null);
  const section = useRef<HTMLElement>(null);
  const startOver = useRef<HTMLButtonElement>(null);
  const rightButton = useRef<HTMLButtonElement>(null);
  const focusFirst = useRef(false);
  const current = items[index];
  const done = current === undefined;

  // The answer buttons go away with the last card: the focus moves on to the next page's button
  // (a paged deck) or Start Over, and back to the first answer once the deck restarted or a page
  // brought more cards. A page without cards takes its button away: Start Over then.
  const hasMore = more !== undefined && more !== null;
  const wasDone = useRef(false);
  useEffect(() => {
    const active = document.activeElement;
    const focusWasHere = !active || active === document.body || !!section.current?.contains(active);
    if (done && focusWasHere)
      (startOver.current ?? section.current?.querySelector<HTMLElement>('[data-testid="load-more"] button'))?.focus();
    if (!done && (focusFirst.current || (wasDone.current && focusWasHere))) rightButton.current?.focus();
    focusFirst.current = false;
    wasDone.current = done;
  }, [done, index, hasMore]);

  const decide = (direction: SwipeDirection) => {
    if (current === undefined) return;
    setIndex((i) => i + 1);
    onSwipe(current, direction);
  };
  const restart = () => {
    focusFirst.current = done;
    setIndex(0);
    onRestart();
  };

  return (
    <section ref={section} aria-label={label} className="flex flex-col gap-4">
      {done && hasMore ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl border border-white/10 bg-neutral-900/70 p-8 text-center">
          {more}
        </div>
      ) : done ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl border border-gold-400/30 bg-gold-400/10 p-8 text-center">
          <h2 className="font-display text-2xl font-semibold text-white">That&apos;s Everyone!</h2>
          <p className="text-sm text-neutral-300">You have seen every card in this deck.</p>
          <Button ref={startOver} type="button" onClick={restart}>
            Start Over
          </Button>
        </div>
      ) : (
        <>
          <div className="flex items-center justify-between gap-3">
            <p
              data-testid="deck-counter"
              aria-live="polite"
              className="text-xs font-semibold tracking-wider text-gold-300 uppercase"
            >
              {index + 1} of {items.length}
              {hasMore ? '+' : ''}
            </p>
            <Button type="button" variant="ghost" size="sm" onClick={restart}>
              Reset
            </Button>
          </div>
          <SwipeCard
            key={keyOf(current)}
            member={memberOf(current)}
            details={details?.(current)}
            actions={actions}
            onSwipe={decide}
            onViewProfile={() => setProfileOf(() => current)}
            answers={
              <>
                <button
                  type="button"
                  aria-label={actions.left.name(memberOf(current).firstName)}
                  onClick={() => decide('left')}
                  className={cn(
                    actionButton,
                    'border border-red-300/50 bg-neutral-900 text-red-200 shadow-lg shadow-black/40 hover:bg-neutral-800',
                  )}
                >
                  <Icon path={ICON_PATHS.close} strokeWidth="2.5" />
                  {actions.left.text}
                </button>
                <button
                  ref={rightButton}
                  type="button"
                  aria-label={actions.right.name(memberOf(current).firstName)}
                  onClick={() => decide('right')}
                  className={cn(
                    actionButton,
                    'bg-gradient-to-r from-gold-300 to-gold-500 text-neutral-950 shadow-lg shadow-gold-500/20 hover:from-gold-200 hover:to-gold-400',
                  )}
                >
                  <Icon path={ICON_PATHS.heart} fill="currentColor" stroke="none" />
                  {actions.right.text}
                </button>
              </>
            }
          />
        </>
      )}
      {profileOf !== null ? renderProfile(profileOf, () => setProfileOf(null)) : null}
    </section>
  );
}
