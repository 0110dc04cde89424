// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { paymentsService } from './index';

void runServiceFromEnv(paymentsService).catch((err) => {
  process.stderr.write(`payments failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
