import type { ServiceDefinition } from '@luxe/platform';
import { MessagingModule } from './messaging.module';
import { migrations } from './migrations';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  module: MessagingModule,
  migrations,
  usesRedis: true,
};
