import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { expect } from '@jest/globals';

/** The gateway serving the built web app (e.g. http://127.0.0.1:3000). */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** Screenshots of failed journeys land here (gitignored). */
export const RESULTS_DIR = fileURLToPath(new URL('../test-results/', import.meta.url));

/** Debian's Chromium, headless; never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Run a journey in a fresh browser context; on failure, save a full-page screenshot and rethrow. */
export async function journey(browser: Browser, name: string, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  try {
    await run(page);
  } catch (error) {
    await mkdir(RESULTS_DIR, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = `${RESULTS_DIR}${name}-${stamp}.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    // A journey that drives pages opened before it (two browsers, e.g. a host's and a guest's) failed
    // on one of those: each open page's screenshot and address too (its own page is then blank).
    const others = browser
      .contexts()
      .flatMap((c) => c.pages())
      .filter((p) => p !== page);
    const shown: string[] = [];
    for (const [i, p] of others.entries()) {
      const f = `${RESULTS_DIR}${name}-${stamp}-page${i + 1}.png`;
      await p.screenshot({ path: f, fullPage: true }).catch(() => undefined);
      shown.push(`${f} at ${p.url()}`);
    }
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n(screenshot: ${file}, url: ${page.url()}${shown.length ? `; other pages: ${shown.join(', ')}` : ''})`,
      { cause: error },
    );
  } finally {
    await context.close();
  }
}

/** Status of GET /api/auth/me from inside the page, with the page's cookies. */
export function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status);
}

const AXE_SOURCE = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);
/** WCAG 2.2 AA and everything below it, and axe's best practices (every content in a landmark: `region`). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The axe-core violations (WCAG 2.2 AA and best practices) of the page as it is now, one readable line each:
 * `rule (impact): selector, selector…`. An empty list means axe found nothing.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a CSS transition still running (a filter button just released) is not the page's state.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') stays in force.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: unknown,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 5).join(', ')}`);
}

/** Registers a member through the API (not the browser), for journeys that start signed out. */
export async function registerMember(
  over: Record<string, unknown> = {},
): Promise<{ email: string; password: string; id: string }> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const body = {
    email: `e2e-${unique}@example.com`,
    password: 'velvet-rope-2025',
    firstName: 'Robin',
    lastName: 'Hart',
    city: 'Miami, FL',
    state: 'Florida',
    userType: 'guest',
    ...over,
  };
  const r = await fetch(`${BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`registration failed: ${r.status} ${await r.text()}`);
  return {
    email: body.email as string,
    password: body.password as string,
    id: ((await r.json()) as { id: string }).id,
  };
}

/** Fails with the page's axe-core (WCAG 2.2 AA) violations, named by where the journey is. */
export async function noViolations(page: Page, where: string): Promise<void> {
  expect({ where, violations: await accessibilityViolations(page) }).toEqual({ where, violations: [] });
}

/**
 * A step of a journey that changed what is on screen (a page, a dialog, a form error, a success):
 * waits until `shown` is there, then checks the whole page with axe-core (noViolations), so every
 * state a journey passes through is checked, one line a step.
 */
export async function step(page: Page, where: string, shown?: Locator): Promise<void> {
  await shown?.waitFor();
  await noViolations(page, where);
}

/** Signs in through the login form and waits for the member's dashboard (a venue owner's, or a host's or guest's). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/venue-dashboard');
}

/** Where the focus is and what hides it: null when the focused element is on screen and uncovered. */
export interface FocusProblem {
  problem: string;
  focused: string;
}

/**
 * Why the focused element is not seen, or null when it is (WCAG 2.4.11 Focus Not Obscured, and
 * 2.4.3: the focus is somewhere). It must not be <body> (the focus got lost); its box must lie
 * within the viewport minus the fixed and sticky bars at the top and bottom edges (a header, a tab
 * bar, a Total/Reserve bar), and the element at its centre must be itself or inside it (nothing
 * drawn over it: a toast, a dialog's backdrop). A visually hidden input (a styled radio) is judged
 * by its label.
 */
export function focusProblem(page: Page): Promise<FocusProblem | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body || active === document.documentElement)
      return { problem: 'focus is on <body>', focused: 'body' };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${((el as HTMLElement).innerText || el.getAttribute('aria-label') || (el as HTMLInputElement).value || '').trim().slice(0, 40)}"`;
    let target: HTMLElement = active;
    const tiny = (r: DOMRect) => r.width < 2 || r.height < 2;
    if (tiny(active.getBoundingClientRect()))
      target = ((active as HTMLInputElement).labels?.[0] as HTMLElement | undefined) ?? active.parentElement ?? active;
    const focused = describe(active);
    const rect = target.getBoundingClientRect();
    if (tiny(rect)) return { problem: 'the focused element has no size', focused };
    const modal = active.closest('[aria-modal="true"]');
    // The bars: fixed or sticky boxes with a background, spanning an edge, that do not hold the focus.
    let top = 0;
    let bottom = window.innerHeight;
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (el.contains(active) || style.visibility === 'hidden' || style.display === 'none') continue;
      // Inside a modal dialog, what lies outside it is under its backdrop: the centre check judges it.
      if (modal && !modal.contains(el)) continue;
      const bg = style.backgroundColor;
      if (bg === 'transparent' || bg === 'rgba(0, 0, 0, 0)') continue;
      const r = el.getBoundingClientRect();
      if (r.height === 0 || r.height > window.innerHeight / 2) continue;
      if (r.top <= 1 && r.bottom > top) top = r.bottom;
      else if (r.bottom >= window.innerHeight - 1 && r.top < bottom) bottom = r.top;
    }
    const where = `box ${Math.round(rect.top)}–${Math.round(rect.bottom)} px, visible area ${Math.round(top)}–${Math.round(bottom)} px`;
    // An element taller than the room between the bars only needs to start within it.
    const fits =
      rect.height <= bottom - top
        ? rect.top >= top - 1 && rect.bottom <= bottom + 1
        : rect.top >= top - 1 && rect.top < bottom;
    if (!fits || rect.left < -1 || rect.right > window.innerWidth + 1)
      return { problem: `outside the visible area (${where})`, focused };
    const hit = document.elementFromPoint(
      rect.left + rect.width / 2,
      rect.top + Math.min(rect.height, bottom - rect.top) / 2,
    );
    if (!hit || !(target.contains(hit) || active.contains(hit)))
      return { problem: `covered by ${hit ? describe(hit) : 'nothing'} (${where})`, focused };
    return null;
  });
}

/** Fails unless the focused element is visible and not covered (focusProblem), named by where the journey is. */
export async function expectFocusVisible(page: Page, where: string): Promise<void> {
  expect({ where, focus: await focusProblem(page) }).toEqual({ where, focus: null });
}

/**
 * Presses Tab until the focus reaches `target` (at most `limit` presses), checking after every
 * press that the focused element is visible and not covered: the keyboard journeys reach every
 * control the way a keyboard user does, and every stop on the way is checked. A target before the
 * focus in the document (a field above the bottom tab bar) is reached with Shift+Tab: Tab past the
 * page's last control leaves the document.
 */
export async function tabTo(page: Page, target: Locator, where: string, { limit = 60 } = {}): Promise<void> {
  const handle = await target.elementHandle();
  const backwards = await page.evaluate((el) => {
    const active = document.activeElement;
    return (
      !!active && active !== document.body && !!(active.compareDocumentPosition(el!) & Node.DOCUMENT_POSITION_PRECEDING)
    );
  }, handle);
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page, `${where} (Tab ${i + 1})`);
    if (await page.evaluate((el) => el === document.activeElement, handle)) return;
  }
  throw new Error(`${where}: ${limit} presses of Tab never reached ${target.toString()}`);
}
