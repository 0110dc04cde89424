import type { ServiceDefinition } from '@luxe/platform';
import { migrations } from './migrations';
import { SocialModule } from './social.module';

export const socialService: ServiceDefinition = {
  name: 'social',
  module: SocialModule,
  migrations,
};
