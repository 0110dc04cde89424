import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Provided } from './provided';

// Starts every service and the gateway as real processes against infra/local, once for the
// API and browser tests, on ports of their own (4100..4108) and with fresh databases. What the
// tests need (URLs, database URLs, the internal key pair) is written to a file they read.
export default async function setup() {
  if (process.env.SKIP_STACK) return;
  // The tests start the stack with the same script as the README (infra/scripts, the `scripts` project:
  // ES modules that node runs as they are, typed with JSDoc and checked by that project's tsconfig).
  /* eslint-disable @nx/enforce-module-boundaries */
  // @ts-expect-error the gateway's tsconfig does not read JavaScript (allowJs)
  const { startStack } = await import('../../../infra/scripts/stack.mjs');
  /* eslint-enable @nx/enforce-module-boundaries */
  // LUXE_TEST_ID keeps two test runs on one machine apart (databases, ports, consumer groups).
  const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
  const basePort = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100);
  const stack = await startStack({
    dbPrefix: `luxe_test${id}`,
    resetDatabases: true,
    basePort, // services on basePort+1..basePort+8
    gatewayPort: basePort,
    groupPrefix: `test${id}.`,
    // A busy machine (several stacks on two cores) can take longer than the default 90 s to start one.
    readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
    // LUXE_TEST_STRIPE=localstripe: payments calls infra/local's stateful localstripe instead of
    // stripe-mock (reconcile.api.spec.ts then uses this stack rather than starting its own).
    ...(process.env.LUXE_TEST_STRIPE ? { stripe: process.env.LUXE_TEST_STRIPE } : {}),
    logDir: `${process.cwd()}/.data/test-logs`,
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      // One address (127.0.0.1) registers every account of the phase (lifecycle-model.api.spec.ts
      // alone about 3 members per sequence, 200 sequences a run), and the count lives in the shared
      // Redis for 15 minutes: well above what the phase registers.
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      // The per-address limit of password resets stays the product's (3): auth.api.spec checks it.
      RATE_LIMIT_RESET_PER_IP: '1000',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '5',
      CONSUMER_BACKOFF_MS: '50',
      // Split payments past their deadline are settled within a second (split.api.spec.ts).
      SPLIT_SWEEP_MS: '500',
      // Expired holds are released within a second (lifecycle-model.api.spec.ts expires holds often).
      HOLD_SWEEP_MS: '500',
      // Queued emails go to Mailpit within a fraction of a second (notifications.api.spec.ts reads its mailbox).
      EMAIL_SEND_MS: '200',
      // Messages are emailed to members away 2 s after they arrive (5 minutes in production).
      MESSAGE_EMAIL_AFTER_MS: '2000',
      MESSAGE_DIGEST_MS: '300',
      // Due booking reminders are looked for every second (notifications.api.spec.ts moves one's due time).
      REMINDER_POLL_SECONDS: '1',
    },
  });
  const provided: Provided = {
    gatewayUrl: stack.gatewayUrl,
    gatewayMetricsUrl: stack.gatewayMetricsUrls[0],
    serviceUrls: stack.serviceUrls,
    dbUrls: stack.dbUrls,
    internalKeys: stack.internalKeys,
    stripeWebhookSecret: stack.stripeWebhookSecret,
    stripeApiBase: stack.stripeApiBase,
    admin: stack.admin,
    adminTokenSecret: stack.adminTokenSecret,
    logDir: stack.logDir,
  };
  const dir = join(process.cwd(), '.data');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `test-stack${id}.json`);
  writeFileSync(file, JSON.stringify(provided), { mode: 0o600 });
  process.env.LUXE_TEST_PROVIDED = file;
  process.env.E2E_BASE_URL = stack.gatewayUrl;
  (globalThis as { __luxeStack?: { stop(): Promise<void> } }).__luxeStack = stack;
}
