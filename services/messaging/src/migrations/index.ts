import { CreateUserErasures1700000003000 } from '@luxe/platform/db';
import { CreateUserCards1700000002000 } from './1700000002000-create-user-cards';

export const migrations = [CreateUserCards1700000002000, CreateUserErasures1700000003000];
