import { CreateUsers1700000001000 } from './1700000001000-create-users';
import { AddUserGender1700000017000 } from './1700000017000-add-user-gender';
import { AddUserSuspension1700000022000 } from './1700000022000-add-user-suspension';
import { CreateAccountTokens1700000044000 } from './1700000044000-create-account-tokens';

export const migrations = [
  CreateUsers1700000001000,
  AddUserGender1700000017000,
  AddUserSuspension1700000022000,
  CreateAccountTokens1700000044000,
];
