import { jest } from '@jest/globals';

/**
 * Fakes the clock alone (Date.now, new Date), starting at `now`: timers, microtasks and
 * performance stay real, so what the code under test awaits (the Redis mock, crypto, I/O) still
 * runs and only the time it reads is moved (jest.setSystemTime). Undo with jest.useRealTimers().
 */
export function fakeClockOnly(now: string): void {
  jest.useFakeTimers({
    doNotFake: [
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
    ],
    now: new Date(now),
  });
}
