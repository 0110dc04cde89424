import type { TestProject } from 'vitest/node';

// Starts every service and the gateway as real processes against infra/local, once for the
// API and browser tests, on ports of their own (4100..4107) and with fresh databases.
export default async function setup(project: TestProject) {
  // infra/scripts is not an Nx project: the tests start the stack with the same script as the README.
  /* eslint-disable @nx/enforce-module-boundaries */
  // @ts-expect-error plain ES module without types
  const { startStack } = await import('../../../infra/scripts/stack.mjs');
  /* eslint-enable @nx/enforce-module-boundaries */
  // LUXE_TEST_ID keeps two test runs on one machine apart (databases, ports, consumer groups).
  const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
  const basePort = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100);
  const stack = await startStack({
    dbPrefix: `luxe_test${id}`,
    resetDatabases: true,
    basePort, // services on basePort+1..basePort+7
    gatewayPort: basePort,
    groupPrefix: `test${id}.`,
    logDir: `${process.cwd()}/.data/test-logs`,
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '5',
      CONSUMER_BACKOFF_MS: '50',
    },
  });
  project.provide('gatewayUrl', stack.gatewayUrl);
  project.provide('serviceUrls', stack.serviceUrls);
  project.provide('dbUrls', stack.dbUrls);
  project.provide('internalSecret', stack.secret);
  project.provide('logDir', stack.logDir);
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  return async () => {
    await stack.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    serviceUrls: Record<string, string>;
    dbUrls: Record<string, string>;
    internalSecret: string;
    logDir: string;
  }
}
