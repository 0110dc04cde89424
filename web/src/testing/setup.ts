import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissToast } from '../components/ui/toast';
import { server } from './server';

// Screens load on demand (lazy routes): on a busy machine (CI's two shared cores) the first import
// of a route can take several seconds, far past Testing Library's default 1 s wait, and findBy*
// would fail at random. The bound is generous because it costs nothing when tests pass: a passing
// test waits only as long as its screen takes; only a failing one waits the full 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out and has no scrollIntoView; the pages call it to bring a focused control
// clear of the fixed bars (lib/obscuring-bars.ts), which the browser journeys check for real.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  dismissToast();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => server.close());
