import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SOCIAL_ERRORS, type MemberCardView, type SwipeResult } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { MemberCard } from '../catalog/catalog.entity';
import { MemberDirectory, toMemberView } from '../catalog/member-directory';
import { SwipeEntity } from './swipe.entity';

/** Whom a member swipes on: hosts see guests and guests see hosts. */
const DECK_OF: Record<string, string> = { host: 'guest', guest: 'host' };
const DECK_SIZE = 50;

/** Swipes (docs/product.md#social-swipes): like or pass; the latest swipe on a member counts; two likes are a match. */
@Injectable()
export class SwipeService {
  constructor(
    private readonly ds: DataSource,
    private readonly members: MemberDirectory,
    private readonly outbox: Outbox,
  ) {}

  async swipe(actor: Actor, userId: string, action: 'like' | 'pass'): Promise<SwipeResult> {
    requireMember(actor);
    const me = actor.userId;
    if (userId === me) throw AppError.of(SOCIAL_ERRORS.SWIPE_SELF);
    if (!(await this.members.card(userId)) || (await this.members.blockedBetween(me, userId))) throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    return this.ds.transaction(async (m) => {
      // The pair's swipes are decided one at a time, so two simultaneous likes make exactly one match.
      const pair = [me, userId].sort();
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`swipe:${pair.join(':')}`]);
      const before = await m.findOneBy(SwipeEntity, { swiperId: me, swipedUserId: userId });
      await m
        .createQueryBuilder()
        .insert()
        .into(SwipeEntity)
        .values({ id: randomUUID(), swiperId: me, swipedUserId: userId, action, createdAt: new Date() })
        .orUpdate(['action', 'created_at'], ['swiper_id', 'swiped_user_id'])
        .execute();
      const theirs = await m.findOneBy(SwipeEntity, { swiperId: userId, swipedUserId: me });
      const match = action === 'like' && theirs?.action === 'like';
      if (match && before?.action !== 'like') await this.outbox.add(m, 'social.match-created', pair.join(':'), { userIds: [pair[0], pair[1]] as [string, string] });
      return { action, match };
    });
  }

  /** Swipe candidates: the other side's members (in a state, if asked), never oneself, already swiped, blocked or deleted members. */
  async potentialMatches(actor: Actor, state: string | undefined): Promise<MemberCardView[]> {
    requireMember(actor);
    const me = await this.members.card(actor.userId);
    const target = DECK_OF[me?.userType ?? actor.userType ?? ''];
    if (!target) return [];
    const q = this.ds.manager
      .getRepository(MemberCard)
      .createQueryBuilder('c')
      .where('c.user_type = :target', { target })
      .andWhere('c.user_id <> :me', { me: actor.userId })
      .andWhere('NOT EXISTS (SELECT 1 FROM swipe_actions s WHERE s.swiper_id = :me AND s.swiped_user_id = c.user_id)')
      .andWhere('NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = :me AND b.blocked_id = c.user_id) OR (b.blocker_id = c.user_id AND b.blocked_id = :me))');
    if (state) q.andWhere('lower(c.state) = lower(:state)', { state });
    // Members with photos first, then the newest cards' order is stable by name and id.
    const rows = await q.orderBy('cardinality(c.profile_images) > 0', 'DESC').addOrderBy('c.first_name').addOrderBy('c.user_id').limit(DECK_SIZE).getMany();
    return rows.map((c) => toMemberView(c, c.userId));
  }

  /** A deleted member's swipes, his and on him. */
  async eraseMember(m: EntityManager, userId: string): Promise<void> {
    await m.delete(SwipeEntity, { swiperId: userId });
    await m.delete(SwipeEntity, { swipedUserId: userId });
  }
}
