// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { messagingService } from './index';

void runServiceFromEnv(messagingService).catch((err) => {
  process.stderr.write(`messaging failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
