import { runServiceFromEnv } from '@luxe/platform/runtime';
import { socialService } from './index';

void runServiceFromEnv(socialService).catch((err) => {
  process.stderr.write(`social failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
