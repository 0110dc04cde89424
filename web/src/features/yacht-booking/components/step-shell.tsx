import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { useObscuringBar } from '../../../lib/obscuring-bars';
import { Icon, ICON_PATHS } from '../../../components/ui/icon';
import { Button } from '../../../components/ui/button';

/**
 * One full-screen step of the yacht flow: a header with Back and the step's title, the content,
 * and a bar fixed at the bottom. When a step opens after another, focus moves to its title so a
 * keyboard or screen-reader user starts at the top of the new step.
 */
export function StepShell({
  title,
  onBack,
  backLabel = 'Back',
  focusTitle,
  footer,
  children,
  eyebrow,
  titleClassName,
}: {
  title: ReactNode;
  onBack: () => void;
  backLabel?: string;
  focusTitle: boolean;
  footer?: ReactNode;
  children: ReactNode;
  eyebrow?: ReactNode;
  titleClassName?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const header = useObscuringBar<HTMLElement>('top');
  const bar = useObscuringBar<HTMLDivElement>('bottom');
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);

  return (
    <div className="flex min-h-dvh flex-col bg-neutral-950 text-neutral-100">
      <header ref={header} className="sticky top-0 z-30 border-b border-white/10 bg-neutral-950/95 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-3">
          <button
            type="button"
            onClick={onBack}
            aria-label={backLabel}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-neutral-200 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          >
            <Icon path={ICON_PATHS.back} />
          </button>
          <span className="text-xs font-medium uppercase tracking-[0.2em] text-gold-300">{eyebrow}</span>
        </div>
      </header>
      <main
        aria-labelledby={titleId}
        className={cn('mx-auto w-full max-w-2xl flex-1 px-4 pt-5', footer ? 'pb-32' : 'pb-10')}
      >
        <h1
          id={titleId}
          ref={heading}
          tabIndex={-1}
          className={cn(
            'font-display text-2xl font-semibold text-white focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-gold-400 sm:text-3xl',
            titleClassName,
          )}
        >
          {title}
        </h1>
        <div className="mt-5 flex flex-col gap-6">{children}</div>
        {/* Inside main: the bar's buttons belong to the step (every content in a landmark). */}
        {footer ? (
          <div
            ref={bar}
            className="fixed inset-x-0 bottom-0 z-30 border-t border-white/10 bg-neutral-950/95 backdrop-blur"
          >
            <div className="mx-auto flex max-w-2xl items-center gap-3 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              {footer}
            </div>
          </div>
        ) : null}
      </main>
    </div>
  );
}

/** The bar of a step whose only way on is Next. */
export function NextBar({ onNext }: { onNext: () => void }) {
  return (
    <Button type="button" size="lg" className="w-full" onClick={onNext}>
      Next
    </Button>
  );
}

/** The bar of a step that shows the price (`label`, `price`) beside its way on (`action`). */
export function PriceBar({
  label,
  price,
  priceTestId,
  action,
}: {
  label: string;
  price: string;
  priceTestId?: string;
  action: ReactNode;
}) {
  return (
    <>
      <p className="flex-1">
        <span className="block text-xs text-neutral-400">{label}</span>
        <span data-testid={priceTestId} className="text-lg font-semibold text-white">
          {price}
        </span>
      </p>
      {action}
    </>
  );
}
