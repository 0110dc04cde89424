import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress.plugin';
import { prerenderPlugin } from './prerender.plugin';
import { routePreloadPlugin } from './route-preload.plugin';
import { routeRefsPlugin } from './route-refs.plugin';

/** Where the gateway listens in development (`npm start` at the repository root). */
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

const contractsAlias = [
  // The contracts package builds to CommonJS; the web client compiles its TypeScript source directly.
  // `@luxe/contracts/path` is its zod-free part (what the first screen loads).
  {
    find: /^@luxe\/contracts\/path$/,
    replacement: fileURLToPath(new URL('../libs/contracts/src/api/path.ts', import.meta.url)),
  },
  {
    find: /^@luxe\/contracts$/,
    replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
  },
];

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routeRefsPlugin(),
    routePreloadPlugin(fileURLToPath(new URL('src/app/router.tsx', import.meta.url))),
    // The public entry pages, as an anonymous visitor first sees them (docs/architecture.md#the-web-client).
    prerenderPlugin({ entry: 'src/prerender.tsx', paths: ['/', '/events', '/login'] }),
    precompressPlugin(),
  ],
  resolve: { alias: contractsAlias },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/health': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging production errors, without a sourceMappingURL comment in the served bundles.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: the framework, and zod and react-hook-form (only the form screens
        // load them). The contract itself is not grouped: it is side-effect free
        // (libs/contracts/package.json), so each screen's chunk gets only the modules it imports (the
        // public /events page loads none with a schema; the login form, the auth schemas alone).
        codeSplitting: {
          groups: [
            // The contract's zod-free part (method and path), which the first screen needs.
            { name: 'api-path', test: /libs[\\/]contracts[\\/]src[\\/]api[\\/]path\.ts/, priority: 30 },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
              priority: 20,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
