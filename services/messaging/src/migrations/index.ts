import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateUserCards1700000002000 } from './1700000002000-create-user-cards';
import { CreateConversations1700000016000 } from './1700000016000-create-conversations';
import { ConversationsFromInvitesAndBlocks1700000019000 } from './1700000019000-conversations-from-invites-and-blocks';
import { ConversationEventNames1700000042600 } from './1700000042600-conversation-event-names';
import { MessagePages1700000043430 } from './1700000043430-message-pages';

export const migrations = [
  CreateUserCards1700000002000,
  ...ERASURE_MIGRATIONS,
  CreateConversations1700000016000,
  ConversationsFromInvitesAndBlocks1700000019000,
  ConversationEventNames1700000042600,
  MessagePages1700000043430,
];
