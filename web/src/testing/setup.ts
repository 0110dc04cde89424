import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissToast } from '../components/ui/toast';
import { server } from './server';

// Screens load on demand (lazy routes): on a busy machine the first import of a route can take
// longer than Testing Library's default 1 s wait, which made findBy* fail at random (3 s was
// still too short for the Messages tab's first test on a loaded 2-core machine). Passing tests
// do not wait longer for it; only a failing one does.
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
