/** Testing aids shared by the unit, integration and API specs. */

/** Polls until fn returns something truthy; throws naming what it waited for. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  ms = 60_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves to the error a promise rejects with; fails if it resolves. */
export async function rejection<E = Error>(p: Promise<unknown>): Promise<E> {
  try {
    await p;
  } catch (e) {
    return e as E;
  }
  throw new Error('expected a rejection');
}

/** What `fakeClockOnly` leaves real: everything but the clock (`fakeTimeouts` fakes the last two too). */
const NOT_FAKED = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Fakes the clock alone (Date.now, new Date), starting at `now`: timers, microtasks and
 * performance stay real, so what the code under test awaits (a Redis mock, crypto, I/O) still
 * runs and only the time it reads is moved (`jest.setSystemTime`). Undo with
 * `jest.useRealTimers()`. The caller passes its `jest` (this module is also loaded outside Jest).
 */
export function fakeClockOnly(
  jest: { useFakeTimers: (config: { doNotFake: (typeof NOT_FAKED)[number][]; now: Date }) => unknown },
  now: string,
): void {
  jest.useFakeTimers({ doNotFake: [...NOT_FAKED], now: new Date(now) });
}

/**
 * Fakes the clock and `setTimeout`/`clearTimeout` alone: a timeout under test fires only when the
 * test moves time (`jest.advanceTimersByTimeAsync`), so "not before its time, then at once" is
 * checked without reading a wall clock, while I/O, immediates and intervals stay real (a local
 * server still answers). Undo with `jest.useRealTimers()`.
 */
export function fakeTimeouts(jest: {
  useFakeTimers: (config: { doNotFake: (typeof NOT_FAKED)[number][] }) => unknown;
}): void {
  jest.useFakeTimers({ doNotFake: NOT_FAKED.filter((t) => t !== 'setTimeout' && t !== 'clearTimeout') });
}

/** Resolves once `done()` is true, polling on real immediates (at most `rounds` of them). */
export async function untilTrue(done: () => boolean, what: string, rounds = 100_000): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    if (done()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}
