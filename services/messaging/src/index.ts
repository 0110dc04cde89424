import type { ServiceDefinition } from '@luxe/platform/runtime';
import { MessagingModule } from './messaging.module';
import { migrations } from './migrations';
import { UserCard } from './user-cards/user-card.entity';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  module: MessagingModule,
  migrations,
  entities: [UserCard],
  usesRedis: true,
};
