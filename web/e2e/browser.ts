import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
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
    const file = `${RESULTS_DIR}${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n(screenshot: ${file}, url: ${page.url()})`, { cause: error });
  } finally {
    await context.close();
  }
}

/** Status of GET /api/auth/me from inside the page, with the page's cookies. */
export function sessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/auth/me', { credentials: 'include' })).status);
}

const AXE_SOURCE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
/** WCAG 2.2 AA and everything below it. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The axe-core violations (WCAG 2.2 AA) of the page as it is now, one readable line each:
 * `rule (impact): selector, selector…`. An empty list means axe found nothing.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a CSS transition still running (a filter button just released) is not the page's state.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5000 }).catch(() => undefined);
  // Evaluated through the DevTools protocol: the page's CSP (script-src 'self') stays in force.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 5).join(', ')}`);
}

/** Registers a member through the API (not the browser), for journeys that start signed out. */
export async function registerMember(over: Record<string, unknown> = {}): Promise<{ email: string; password: string; id: string }> {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const body = { email: `e2e-${unique}@example.com`, password: 'velvet-rope-2025', firstName: 'Robin', lastName: 'Hart', city: 'Miami, FL', state: 'Florida', userType: 'guest', ...over };
  const r = await fetch(`${BASE_URL}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`registration failed: ${r.status} ${await r.text()}`);
  return { email: body.email as string, password: body.password as string, id: ((await r.json()) as { id: string }).id };
}

/** Fails with the page's axe-core (WCAG 2.2 AA) violations, named by where the journey is. */
export async function noViolations(page: Page, where: string): Promise<void> {
  expect({ where, violations: await accessibilityViolations(page) }).toEqual({ where, violations: [] });
}

/** Signs in through the login form and waits for the member's dashboard (a venue owner's, or a host's or guest's). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/venue-dashboard');
}
