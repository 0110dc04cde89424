import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MemberCard } from '../catalog/catalog.entity';
import { SwipeEntity } from './swipe.entity';

/** Every query on swipes and the swipe deck. */
@Injectable()
export class SwipeRepository {
  constructor(private readonly ds: DataSource) {}

  /** Takes the pair's lock for the rest of the transaction (`key` names the pair, in a fixed order). */
  async lockPair(m: EntityManager, key: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [key]);
  }
  /** The swiper's current swipe on the member, if any. */
  find(m: EntityManager, swiperId: string, swipedUserId: string): Promise<SwipeEntity | null> {
    return m.findOneBy(SwipeEntity, { swiperId, swipedUserId });
  }
  /** Records the swipe: it replaces his earlier one on the member. */
  async upsert(m: EntityManager, swiperId: string, swipedUserId: string, action: 'like' | 'pass'): Promise<void> {
    await m
      .createQueryBuilder()
      .insert()
      .into(SwipeEntity)
      .values({ id: randomUUID(), swiperId, swipedUserId, action, createdAt: new Date() })
      .orUpdate(['action', 'created_at'], ['swiper_id', 'swiped_user_id'])
      .execute();
  }
  /** Members of the target type (in a state, if given) the member has not swiped on and neither blocked. */
  deck(me: string, target: string, state: string | undefined, size: number): Promise<MemberCard[]> {
    const q = this.ds.manager
      .getRepository(MemberCard)
      .createQueryBuilder('c')
      .where('c.user_type = :target', { target })
      .andWhere('c.user_id <> :me', { me })
      .andWhere('NOT EXISTS (SELECT 1 FROM swipe_actions s WHERE s.swiper_id = :me AND s.swiped_user_id = c.user_id)')
      .andWhere(
        'NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :me AND b.blocked_id = c.user_id) OR (b.blocker_id = c.user_id AND b.blocked_id = :me))',
      );
    if (state) q.andWhere('lower(c.state) = lower(:state)', { state });
    // Members with photos first, then the newest cards' order is stable by name and id.
    return q
      .orderBy('cardinality(c.profile_images) > 0', 'DESC')
      .addOrderBy('c.first_name')
      .addOrderBy('c.user_id')
      .limit(size)
      .getMany();
  }
  /** A deleted member's swipes, his and on him. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(SwipeEntity, { swiperId: userId });
    await m.delete(SwipeEntity, { swipedUserId: userId });
  }
}
