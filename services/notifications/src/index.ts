import type { ServiceDefinition } from '@luxe/platform/runtime';
import { migrations } from './migrations';
import { NotificationsModule } from './notifications.module';
import { notificationsSettingsSchema } from './notifications.settings';

/**
 * The eighth service (docs/product.md#messaging-notifications): in-app notifications and their emails,
 * from the other services' facts.
 */
export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  module: NotificationsModule,
  migrations,
  settings: notificationsSettingsSchema,
  // Presence: whether a member has a live socket (the gateways write it), for message emails.
  usesRedis: true,
};
