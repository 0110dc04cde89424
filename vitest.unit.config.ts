import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Unit specs next to the code, for libs, services, gateway (web has its own config).
// SWC compiles the TypeScript so Nest's decorator metadata is emitted.
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' }, jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true } } })],
  test: {
    include: ['libs/*/src/**/*.spec.ts', 'services/*/src/**/*.spec.ts', 'gateway/src/**/*.spec.ts', 'infra/embedded/src/**/*.spec.ts', 'infra/nx/src/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
