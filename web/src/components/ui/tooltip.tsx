import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/** Tooltips open after 700 ms (docs/product.md#conventions-feedback). */
export const TOOLTIP_DELAY_MS = 700;

/** True under a TooltipProvider: a tooltip rendered without one (a unit test) brings its own. */
const HasProvider = createContext(false);

/** The app's tooltip provider (in AppProviders): one delay, and a quick second tooltip after a first one. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <HasProvider.Provider value>{children}</HasProvider.Provider>
    </TooltipPrimitive.Provider>
  );
}

/**
 * A short text shown on hover or keyboard focus after the delay, announced as the trigger's
 * description, and closed by Escape, blur or leaving.
 */
export function Tooltip({ content, children }: { content: string; children: ReactNode }) {
  const tooltip = <RadixTooltip content={content}>{children}</RadixTooltip>;
  return useContext(HasProvider) ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}

function RadixTooltip({ content, children }: { content: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Radix opens on focus at once; the product's delay holds for the keyboard too, so focus starts
  // this timer instead (hover uses Radix's own delayDuration).
  const focusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTimer = () => {
    if (focusTimer.current) clearTimeout(focusTimer.current);
    focusTimer.current = null;
  };
  useEffect(() => stopTimer, []);
  return (
    <TooltipPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        stopTimer();
        setOpen(next);
      }}
      delayDuration={TOOLTIP_DELAY_MS}
    >
      <TooltipPrimitive.Trigger asChild>
        <span
          tabIndex={0}
          className="cursor-help underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-gold-400"
          onFocus={(e) => {
            e.preventDefault();
            stopTimer();
            focusTimer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
          }}
          // Leaving or Escape before the delay is over: it does not open later.
          onBlur={stopTimer}
          onKeyDown={(e) => e.key === 'Escape' && stopTimer()}
        >
          {children}
        </span>
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side="top"
          sideOffset={8}
          className="z-50 whitespace-nowrap rounded-lg bg-neutral-800 px-2 py-1 text-xs text-white shadow-lg"
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
