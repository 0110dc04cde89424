// `npm test`'s integration phase: real PostgreSQL, Kafka, Redis and MinIO (infra/local), the whole
// distributed stack started once by the global setup, browser journeys in Debian's Chromium.
// One file at a time (--runInBand): they share the stack. SKIP_STACK=1 runs files that need none.
module.exports = {
  ...require('./jest.preset.cjs'),
  displayName: 'integration',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/libs/*/test/**/*.int.spec.ts',
    '<rootDir>/services/*/test/**/*.int.spec.ts',
    '<rootDir>/gateway/test/**/*.api.spec.ts',
    '<rootDir>/infra/embedded/test/**/*.int.spec.ts',
    '<rootDir>/infra/docker/test/**/*.int.spec.ts',
    '<rootDir>/web/e2e/**/*.e2e.ts',
  ],
  globalSetup: '<rootDir>/gateway/test/support/stack.global.ts',
  globalTeardown: '<rootDir>/gateway/test/support/stack.teardown.ts',
  testTimeout: 120000,
  // Client libraries (kafkajs, pg pools of the test files) can keep a handle open after the last
  // test; the global teardown has stopped the stack by then, so the run ends instead of hanging.
  forceExit: true,
};
