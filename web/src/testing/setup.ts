import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissToast } from '../components/ui/toast';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  dismissToast();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterAll(() => server.close());
