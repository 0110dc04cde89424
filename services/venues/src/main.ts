// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { venuesService } from './index';

void runServiceFromEnv(venuesService).catch((err) => {
  process.stderr.write(`venues failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
