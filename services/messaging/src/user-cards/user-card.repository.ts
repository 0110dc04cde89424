import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface UserCard {
  userId: string;
  firstName: string;
  lastName: string;
  userType: string;
  profileImages: string[];
}

@Injectable()
export class UserCardRepository {
  constructor(private readonly ds: DataSource) {}

  async upsert(m: EntityManager, c: UserCard): Promise<void> {
    await m.query(
      `INSERT INTO user_cards (user_id, first_name, last_name, user_type, profile_images, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (user_id) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
         user_type = EXCLUDED.user_type, profile_images = EXCLUDED.profile_images, updated_at = now()`,
      [c.userId, c.firstName, c.lastName, c.userType, c.profileImages],
    );
  }

  async remove(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM user_cards WHERE user_id = $1`, [userId]);
  }

  async find(userId: string): Promise<UserCard | null> {
    const rows = await this.ds.query(
      `SELECT user_id AS "userId", first_name AS "firstName", last_name AS "lastName", user_type AS "userType", profile_images AS "profileImages"
       FROM user_cards WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }
}
