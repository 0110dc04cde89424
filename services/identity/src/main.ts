import { runServiceFromEnv } from '@luxe/platform/runtime';
import { identityService } from './index';

void runServiceFromEnv(identityService).catch((err) => {
  process.stderr.write(`identity failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
