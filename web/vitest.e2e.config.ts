import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Browser journeys in real headless Chromium against a running gateway (E2E_BASE_URL). */
export default defineConfig({
  root,
  test: {
    name: 'web-e2e',
    root,
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 60000,
    hookTimeout: 60000,
    fileParallelism: false,
  },
});
