import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Integration and API tests against real PostgreSQL, Kafka, Redis and MinIO (infra/local).
// They import the built packages (npm run build first) and run one file at a time.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true } } })],
  test: {
    include: ['libs/*/test/**/*.int.spec.ts', 'services/*/test/**/*.int.spec.ts', 'gateway/test/**/*.api.spec.ts', 'infra/embedded/test/**/*.int.spec.ts', 'web/e2e/**/*.e2e.ts'],
    globalSetup: process.env.SKIP_STACK ? [] : ['gateway/test/support/stack.global.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120000,
    hookTimeout: 180000,
  },
});
