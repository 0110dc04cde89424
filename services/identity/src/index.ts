import type { ServiceDefinition } from '@luxe/platform';
import { IdentityModule } from './identity.module';
import { migrations } from './migrations';
import { seedIdentity } from './seed';

export { DEMO_USERS } from './seed';

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: IdentityModule,
  migrations,
  usesRedis: true,
  usesStorage: true,
  seed: seedIdentity,
};
