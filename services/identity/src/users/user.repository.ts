import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, QueryFailedError, Repository } from 'typeorm';
import type { EventData, PublicUser } from '@luxe/contracts';
import { prepareFindOneBy } from '@luxe/platform/db';
import { User } from './user.entity';

export type NewUser = Pick<
  User,
  'id' | 'email' | 'passwordHash' | 'phoneNumber' | 'firstName' | 'lastName' | 'userType' | 'city' | 'state' | 'gender'
> &
  Partial<Pick<User, 'emailVerifiedAt'>>;

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    city: u.city,
    state: u.state,
    phoneNumber: u.phoneNumber,
    age: u.age,
    bio: u.bio,
    profileImages: u.profileImages ?? [],
    gender: u.gender ?? null,
    profileCompleted: u.profileCompleted,
    emailVerified: u.emailVerifiedAt != null,
    createdAt: new Date(u.createdAt).toISOString(),
  };
}

/** `user-profile-updated`: what other services show of a user (names, photos, city, age, bio, the verified badge). */
export function profileUpdated(u: User): EventData<'identity.user-profile-updated'> {
  return {
    userId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    userType: u.userType,
    city: u.city,
    state: u.state,
    gender: u.gender ?? null,
    profileImages: u.profileImages ?? [],
    age: u.age,
    bio: u.bio,
    emailVerified: u.emailVerifiedAt != null,
  };
}

/** Every query on users. */
@Injectable()
export class UsersRepository {
  private readonly byId: (id: string) => Promise<User | null>;

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {
    // The session read (GET /api/auth/me) runs this on every call: the query is built once.
    this.byId = prepareFindOneBy(users, 'id');
  }

  /**
   * Inserts in the caller's transaction; the database fills the defaults (created_at, photos).
   * Null when the unique index on lower(email) refused it (a concurrent registration won).
   */
  async insert(m: EntityManager, u: NewUser): Promise<User | null> {
    const user = m.create(User, { ...u, age: null, bio: null });
    try {
      await m.insert(User, user);
    } catch (e) {
      if (e instanceof QueryFailedError && (e.driverError as { code?: string })?.code === '23505') return null;
      throw e;
    }
    return user;
  }

  existsByEmail(email: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  findById(id: string): Promise<User | null> {
    return this.byId(id);
  }

  /** Applies the changes in the caller's transaction and returns the row as it now is (null: no such user). */
  async update(
    m: EntityManager,
    id: string,
    changes: Partial<Pick<User, 'age' | 'bio' | 'profileImages' | 'profileCompleted'>>,
  ): Promise<User | null> {
    await m.update(User, { id }, changes);
    return m.findOneBy(User, { id });
  }

  /** Marks the email verified (once) in the caller's transaction; the row as it now is, or null when it was already. */
  async markEmailVerified(m: EntityManager, id: string): Promise<User | null> {
    const r = await m.update(User, { id, emailVerifiedAt: IsNull() }, { emailVerifiedAt: new Date() });
    return (r.affected ?? 0) > 0 ? m.findOneBy(User, { id }) : null;
  }

  /** A new password hash, in the caller's transaction. */
  async setPasswordHash(m: EntityManager, id: string, passwordHash: string): Promise<void> {
    await m.update(User, { id }, { passwordHash });
  }

  /** Suspends (since `at`) or reinstates (null) the account, in the caller's transaction. */
  async setSuspendedAt(m: EntityManager, id: string, at: Date | null): Promise<void> {
    await m.update(User, { id }, { suspendedAt: at });
  }

  /** Deletes the row in the caller's transaction; false when there was none. */
  async delete(m: EntityManager, id: string): Promise<boolean> {
    const r = await m.delete(User, { id });
    return (r.affected ?? 0) > 0;
  }

  count(): Promise<number> {
    return this.users.count();
  }
}
