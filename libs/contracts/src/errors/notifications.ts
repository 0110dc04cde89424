import { NOTIFICATION_MESSAGES } from '../notifications';
import { defineErrors } from './define';

/** In-app notifications, email preferences and the demo mailbox (docs/product.md#messaging-notifications). */
export const NOTIFICATION_ERRORS = defineErrors('NOTIFICATIONS', {
  NOT_FOUND: { status: 404, message: NOTIFICATION_MESSAGES.notFound },
  UNSUBSCRIBE_TOKEN: { status: 400, message: NOTIFICATION_MESSAGES.unsubscribeToken },
  MAILBOX_OFF: { status: 404, message: NOTIFICATION_MESSAGES.mailboxOff },
});
