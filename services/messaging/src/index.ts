import type { ServiceDefinition } from '@luxe/platform';
import { MessagingModule } from './messaging.module';
import { migrations } from './migrations';
import { UserCardConsumer } from './user-cards/user-card.consumer';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  module: MessagingModule,
  migrations,
  consumers: [UserCardConsumer],
  usesRedis: true,
};
