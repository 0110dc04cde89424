import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routeRefsPlugin } from './route-refs.plugin';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), routeRefsPlugin()],
  resolve: {
    alias: [
      {
        find: /^@luxe\/contracts\/path$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/api/path.ts', import.meta.url)),
      },
      {
        find: /^@luxe\/contracts$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    testTimeout: 15000,
    // Vitest's default leaves one core to the main process (one worker on a two-core machine); the
    // main process does little here, so every core runs tests.
    maxWorkers: '100%',
  },
});
