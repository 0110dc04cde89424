import type { ServiceDefinition } from '@luxe/platform/runtime';
import { MessagingModule } from './messaging.module';
import { migrations } from './migrations';
import { UserCard } from './user-cards/user-card.entity';
import { ConversationBlock, ConversationEntity, MessageEntity } from './conversations/conversation.entity';

export const messagingService: ServiceDefinition = {
  name: 'messaging',
  module: MessagingModule,
  migrations,
  entities: [UserCard, ConversationEntity, MessageEntity, ConversationBlock],
  usesRedis: true,
};
