import type { ServiceDefinition } from '@luxe/platform/runtime';
import { IdentityModule } from './identity.module';
import { migrations } from './migrations';
import { User } from './users/user.entity';
import { seedIdentity } from './seed';

export { DEMO_USERS } from './seed';

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: IdentityModule,
  migrations,
  entities: [User],
  usesRedis: true,
  usesStorage: true,
  seed: seedIdentity,
};
