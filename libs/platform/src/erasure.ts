import type { EntityManager } from 'typeorm';

/** The checkpoint every service writes when it has erased a deleted user's data. */
export class UserErasureService {
  async record(m: EntityManager, userId: string): Promise<void> {
    await m.query(`INSERT INTO user_erasures (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, [userId]);
  }
}
