import { useCallback, type RefCallback } from 'react';

/** `toasts`: the toast stack, which sits on top of the bottom bar (their heights add up). */
type Edge = 'top' | 'bottom' | 'toasts';

/** The bars on screen now, per edge, with their heights. */
const bars: Record<Edge, Map<Element, number>> = { top: new Map(), bottom: new Map(), toasts: new Map() };

/** Keeps `--obscured-top`, `--obscured-bottom` and `--obscured-toasts` (index.css's scroll padding) at the tallest bar of each edge. */
function publish(edge: Edge): void {
  const tallest = (e: Edge) => Math.ceil(Math.max(0, ...bars[e].values()));
  const set = (name: string, px: number) =>
    px > 0
      ? document.documentElement.style.setProperty(name, `${px}px`)
      : document.documentElement.style.removeProperty(name);
  set(`--obscured-${edge}`, tallest(edge));
  // `--toasts-reach`: how far up from the screen's bottom the toasts cover, 0 with none (a dialog
  // drawn at the bottom keeps its buttons above them).
  set('--toasts-reach', tallest('toasts') > 0 ? tallest('toasts') + tallest('bottom') : 0);
}

/**
 * For a sticky header or a fixed bottom bar: the browser scrolls a focused control clear of it
 * (WCAG 2.2 Focus Not Obscured, 2.4.11). Tab and focus() scroll the focused element into the
 * scrollport minus `scroll-padding`; index.css sets the document's from these variables, which
 * follow the bar's height (it changes with the viewport's width and the bar's content).
 */
export function useObscuringBar<T extends HTMLElement>(edge: Edge): RefCallback<T> {
  // A callback ref with a cleanup (React 19): a bar shown later (a step's footer) is measured too.
  return useCallback(
    (element: T | null) => {
      if (!element) return;
      const measure = () => {
        bars[edge].set(element, element.getBoundingClientRect().height);
        publish(edge);
      };
      measure();
      // jsdom (the unit tests) has no ResizeObserver: measured once there.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      observer?.observe(element);
      return () => {
        observer?.disconnect();
        bars[edge].delete(element);
        publish(edge);
      };
    },
    [edge],
  );
}

/**
 * A text area that takes the focus scrolls whole into the room between the bars. The browser
 * itself only reveals its caret (the first line): the rest stayed under the bottom bar or a
 * toast. `block: 'nearest'` honours the scroll padding above. Returns the cleanup for an effect.
 */
export function revealFocusedTextAreas(): () => void {
  const onFocus = (e: FocusEvent) => {
    if (e.target instanceof HTMLTextAreaElement) e.target.scrollIntoView({ block: 'nearest' });
  };
  document.addEventListener('focusin', onFocus);
  return () => document.removeEventListener('focusin', onFocus);
}
