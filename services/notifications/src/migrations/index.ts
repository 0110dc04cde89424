import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateNotifications1700000043000 } from './1700000043000-create-notifications';
import { AccountEmails1700000045000 } from './1700000045000-account-emails';
import { BookingReminders1700000046000 } from './1700000046000-booking-reminders';

export const migrations = [
  ...ERASURE_MIGRATIONS,
  CreateNotifications1700000043000,
  AccountEmails1700000045000,
  BookingReminders1700000046000,
];
