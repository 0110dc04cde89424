import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { SocialModule } from './social.module';

export const socialService: ServiceDefinition = {
  name: 'social',
  module: SocialModule,
  migrations,
};
