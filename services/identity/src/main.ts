// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { identityService } from './index';

void runServiceFromEnv(identityService).catch((err) => {
  process.stderr.write(`identity failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
