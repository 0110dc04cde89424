// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { runServiceFromEnv } from '@luxe/platform/runtime';
import { bookingsService } from './index';

void runServiceFromEnv(bookingsService).catch((err) => {
  process.stderr.write(`bookings failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
