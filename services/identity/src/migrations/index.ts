import { CreateUsers1700000001000 } from './1700000001000-create-users';

export const migrations = [CreateUsers1700000001000];
