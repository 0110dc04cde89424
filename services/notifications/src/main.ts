import { runServiceFromEnv } from '@luxe/platform/runtime';
import { notificationsService } from './index';

void runServiceFromEnv(notificationsService).catch((err) => {
  process.stderr.write(`notifications failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
