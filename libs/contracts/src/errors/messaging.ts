import { MESSAGE_MESSAGES } from '../messaging';
import { defineErrors } from './define';

/** Conversations and messages (docs/product.md#messaging). */
export const MESSAGING_ERRORS = defineErrors('MESSAGING', {
  CONVERSATION_NOT_FOUND: { status: 404, message: MESSAGE_MESSAGES.conversationId },
  NOT_YOURS: { status: 403, message: MESSAGE_MESSAGES.notYours },
  UNAVAILABLE: { status: 403, message: MESSAGE_MESSAGES.unavailable },
  MESSAGE_NOT_FOUND: { status: 404, message: MESSAGE_MESSAGES.messageNotFound },
  OWN_MESSAGE: { status: 400, message: MESSAGE_MESSAGES.ownMessage },
});
