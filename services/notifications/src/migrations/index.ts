import { ERASURE_MIGRATIONS } from '@luxe/platform/db';
import { CreateNotifications1700000043000 } from './1700000043000-create-notifications';

export const migrations = [...ERASURE_MIGRATIONS, CreateNotifications1700000043000];
