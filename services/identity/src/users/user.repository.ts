import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, QueryFailedError, Repository } from 'typeorm';
import type { PublicUser } from '@luxe/contracts';
import { prepareFindOneBy } from '@luxe/platform/db';
import { User } from './user.entity';
import { EmailTakenError } from './user.errors';

export type NewUser = Pick<User, 'id' | 'email' | 'passwordHash' | 'phoneNumber' | 'firstName' | 'lastName' | 'userType' | 'city' | 'state' | 'gender'>;

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
    createdAt: new Date(u.createdAt).toISOString(),
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

  /** Inserts in the caller's transaction; the database fills the defaults (created_at, photos). */
  async insert(m: EntityManager, u: NewUser): Promise<User> {
    const user = m.create(User, { ...u, age: null, bio: null });
    try {
      await m.insert(User, user);
    } catch (e) {
      if (e instanceof QueryFailedError && (e.driverError as { code?: string })?.code === '23505') throw new EmailTakenError();
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
  async update(m: EntityManager, id: string, changes: Partial<Pick<User, 'age' | 'bio' | 'profileImages' | 'profileCompleted'>>): Promise<User | null> {
    await m.update(User, { id }, changes);
    return m.findOneBy(User, { id });
  }

  /** A new password hash, in the caller's transaction. */
  async setPasswordHash(m: EntityManager, id: string, passwordHash: string): Promise<void> {
    await m.update(User, { id }, { passwordHash });
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
