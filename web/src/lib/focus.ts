/**
 * Moves the focus to an element by id once the screen has re-rendered: after an action whose
 * button goes away (an answered request), the focus lands on what it changed, not on the page.
 * The target needs tabIndex={-1} when it is not focusable itself.
 */
export function focusByIdSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}

/** True while nothing holds the focus: it fell to <body> (its element went away) or was never placed. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/**
 * Focuses the page's heading (its first h1), made focusable by script only (tabIndex -1): where
 * a keyboard or screen-reader user continues after a route change or when the control they used
 * is gone (WCAG 2.4.3). False when the page has no h1 yet.
 */
export function focusPageHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * After a route change: focuses the new page's heading as soon as it is in the document (a lazily
 * loaded screen or one that waits for its data paints it later), unless the focus is already
 * somewhere (the page placed it, or the user moved on). Returns the cleanup for an effect.
 */
export function focusPageHeadingWhenShown(timeoutMs = 10_000): () => void {
  const settle = () => !focusIsLost() || focusPageHeading();
  if (settle()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (settle()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
