// @ts-check
// `npm run start:distributed`: every service its own process against infra/local.
import { startStack } from './stack.mjs';

const stack = await startStack({
  seed: true,
  gatewayPort: Number(process.env.PORT ?? 3000),
  gatewayHost: process.env.HOST ?? '127.0.0.1',
});
console.log(`LuxeSwipe (distributed) is ready: ${stack.gatewayUrl}`);
console.log(`Service logs: ${stack.logDir}`);
console.log(`Gateway metrics (internal listener): ${stack.gatewayMetricsUrls[0]}/metrics`);
console.log(
  `Admin console: ${stack.gatewayUrl}/admin-login as ${stack.admin.email}${process.env.ADMIN_PASSWORD ? '' : ` (password for this run: ${stack.admin.password})`}`,
);
const stop = async () => {
  console.log('stopping...');
  await stack.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
