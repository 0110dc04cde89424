import type { INestApplication } from '@nestjs/common';
import type { RegisterDto } from '@luxe/contracts';
import { DEMO_ACCOUNTS, type SeedOptions } from '@luxe/platform/runtime';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';

/** Demo accounts (embedded mode, or SEED_DEMO_DATA=true), with their fixed ids; the password comes from DEMO_PASSWORD. */
export const DEMO_USERS: (Omit<RegisterDto, 'password'> & { id: string })[] = Object.values(DEMO_ACCOUNTS).map((a) => ({
  ...a,
  city: 'Miami, FL',
  state: 'Florida',
  phoneNumber: null,
}));

export async function seedIdentity(app: INestApplication, opts: SeedOptions): Promise<void> {
  const users = app.get(UsersRepository);
  const auth = app.get(UsersService);
  const password = opts.demoPassword;
  for (const u of DEMO_USERS) {
    if (await users.existsByEmail(u.email)) continue;
    const { id, ...dto } = u;
    await auth.register({ ...dto, password }, { id, verified: true });
  }
}
