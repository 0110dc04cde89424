import { CreateErasures1700000003000 } from './1700000003000-create-erasures';

export const migrations = [CreateErasures1700000003000];
