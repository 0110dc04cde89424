/**
 * Moves the focus to an element by id once the screen has re-rendered: after an action whose
 * button goes away (an answered request), the focus lands on what it changed, not on the page.
 * The target needs tabIndex={-1} when it is not focusable itself.
 */
export function focusByIdSoon(id: string): void {
  setTimeout(() => document.getElementById(id)?.focus(), 0);
}
