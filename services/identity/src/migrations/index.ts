import { CreateUsers1700000001000 } from './1700000001000-create-users';
import { AddUserGender1700000017000 } from './1700000017000-add-user-gender';
import { AddUserSuspension1700000022000 } from './1700000022000-add-user-suspension';

export const migrations = [CreateUsers1700000001000, AddUserGender1700000017000, AddUserSuspension1700000022000];
