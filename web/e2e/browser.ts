import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

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
