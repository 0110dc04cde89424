import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';
import { cn } from '../../../lib/cn';

/** Exit animation length and the time until the card comes back (docs/product.md#public-landing). */
export const DEMO_EXIT_MS = 300;
export const DEMO_REAPPEAR_MS = 1000;

type Phase = 'visible' | 'leaving' | 'hidden';

export interface DemoCardProps {
  heading: string;
  /** Name of the illustrated profile or event, used in the buttons' accessible names. */
  subject: string;
  acceptLabel: string;
  acceptedMessage: string;
  children: ReactNode;
}

/**
 * An illustrative swipe card: after a choice it animates away (0.3 s), stays hidden,
 * and reappears 1 s after the choice.
 */
export function DemoCard({ heading, subject, acceptLabel, acceptedMessage, children }: DemoCardProps) {
  const [phase, setPhase] = useState<Phase>('visible');
  const [direction, setDirection] = useState<'left' | 'right'>('right');
  const [feedback, setFeedback] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function choose(accepted: boolean) {
    if (phase !== 'visible') return;
    setDirection(accepted ? 'right' : 'left');
    setFeedback(accepted ? acceptedMessage : 'Declined');
    setPhase('leaving');
    timers.current = [
      setTimeout(() => setPhase('hidden'), DEMO_EXIT_MS),
      setTimeout(() => {
        setPhase('visible');
        setFeedback('');
      }, DEMO_REAPPEAR_MS),
    ];
  }

  return (
    <section aria-label={heading} className="flex flex-col items-center gap-4">
      <h3 className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-300">{heading}</h3>
      <div className="relative h-[26rem] w-full max-w-xs">
        <article
          data-testid="demo-card"
          data-phase={phase}
          aria-hidden={phase !== 'visible'}
          className={cn(
            'absolute inset-0 flex flex-col overflow-hidden rounded-3xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/60',
            'transition-[transform,opacity] duration-300 ease-out motion-reduce:transition-none',
            phase === 'visible' && 'translate-x-0 rotate-0 opacity-100',
            phase === 'leaving' &&
              (direction === 'right'
                ? 'translate-x-[120%] rotate-12 opacity-0'
                : '-translate-x-[120%] -rotate-12 opacity-0'),
            phase === 'hidden' && 'invisible opacity-0',
          )}
        >
          <div className="flex-1">{children}</div>
          <div className="flex items-center justify-center gap-6 p-5">
            <button
              type="button"
              onClick={() => choose(false)}
              disabled={phase !== 'visible'}
              aria-label={`Decline ${subject}`}
              className="flex h-14 w-14 items-center justify-center rounded-full border border-white/15 text-neutral-300 transition hover:border-red-400 hover:text-red-400 focus-visible:outline-2 focus-visible:outline-gold-400"
            >
              <Icon path={ICON_PATHS.close} className="h-6 w-6" strokeWidth="2.5" />
            </button>
            <button
              type="button"
              onClick={() => choose(true)}
              disabled={phase !== 'visible'}
              className="h-14 rounded-full bg-gradient-to-r from-gold-300 to-gold-500 px-6 font-semibold text-neutral-950 shadow-lg shadow-gold-500/20 transition hover:from-gold-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
            >
              {acceptLabel}
            </button>
          </div>
        </article>
        <p
          aria-live="polite"
          className="pointer-events-none absolute inset-x-0 top-1/2 -translate-y-1/2 text-center font-display text-2xl text-gold-200"
        >
          {phase === 'visible' ? '' : feedback}
        </p>
      </div>
    </section>
  );
}
