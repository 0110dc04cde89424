import type { INestApplication } from '@nestjs/common';
import type { RegisterDto } from '@luxe/contracts';
import type { SeedOptions } from '@luxe/platform/runtime';
import { UsersRepository } from './users/user.repository';
import { UsersService } from './users/user.service';

/** Demo accounts (embedded mode, or SEED_DEMO_DATA=true); the password comes from DEMO_PASSWORD. */
export const DEMO_USERS: Omit<RegisterDto, 'password'>[] = [
  { email: 'host@demo.luxeswipe.test', firstName: 'Hugo', lastName: 'Host', userType: 'host', city: 'Miami, FL', state: 'Florida', phoneNumber: null },
  { email: 'guest@demo.luxeswipe.test', firstName: 'Gina', lastName: 'Guest', userType: 'guest', city: 'Miami, FL', state: 'Florida', phoneNumber: null },
  { email: 'venue@demo.luxeswipe.test', firstName: 'Vera', lastName: 'Venue', userType: 'venue', city: 'Miami, FL', state: 'Florida', phoneNumber: null },
  { email: 'dancer@demo.luxeswipe.test', firstName: 'Electra', lastName: 'Entertainer', userType: 'entertainer', city: 'Miami, FL', state: 'Florida', phoneNumber: null },
];

export async function seedIdentity(app: INestApplication, opts: SeedOptions): Promise<void> {
  const users = app.get(UsersRepository);
  const auth = app.get(UsersService);
  const password = opts.demoPassword;
  for (const u of DEMO_USERS) {
    if (await users.existsByEmail(u.email)) continue;
    await auth.register({ ...u, password });
  }
}
