// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { socialService } from './index';

void runServiceFromEnv(socialService).catch((err) => {
  process.stderr.write(`social failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
