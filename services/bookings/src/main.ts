import { runServiceFromEnv } from '@luxe/platform/runtime';
import { bookingsService } from './index';

void runServiceFromEnv(bookingsService).catch((err) => {
  process.stderr.write(`bookings failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
