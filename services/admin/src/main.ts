// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { adminService } from './index';

void runServiceFromEnv(adminService).catch((err) => {
  process.stderr.write(`admin failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
