import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { PublicUser, UserType } from '@luxe/contracts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  user_type: UserType;
  city: string;
  state: string;
  age: number | null;
  bio: string | null;
  profile_images: string[];
  profile_completed: string;
  created_at: Date;
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  userType: UserType;
  city: string;
  state: string;
}

export class EmailTakenError extends Error {}

export function toPublicUser(r: UserRow): PublicUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    userType: r.user_type,
    city: r.city,
    state: r.state,
    phoneNumber: r.phone_number,
    age: r.age,
    bio: r.bio,
    profileImages: r.profile_images ?? [],
    profileCompleted: r.profile_completed,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Every query on users. */
@Injectable()
export class UserRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(m: EntityManager, u: NewUser): Promise<UserRow> {
    try {
      const rows: UserRow[] = await m.query(
        `INSERT INTO users (id, email, password_hash, phone_number, first_name, last_name, user_type, city, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        [u.id, u.email, u.passwordHash, u.phoneNumber, u.firstName, u.lastName, u.userType, u.city, u.state],
      );
      return rows[0];
    } catch (e: any) {
      if (e?.code === '23505') throw new EmailTakenError();
      throw e;
    }
  }

  async existsByEmail(email: string): Promise<boolean> {
    const rows = await this.ds.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email]);
    return rows.length > 0;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows: UserRow[] = await this.ds.query(`SELECT * FROM users WHERE lower(email) = lower($1)`, [email]);
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<UserRow | null> {
    const rows: UserRow[] = await this.ds.query(`SELECT * FROM users WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async count(): Promise<number> {
    const rows = await this.ds.query(`SELECT count(*)::int AS n FROM users`);
    return rows[0].n;
  }
}
