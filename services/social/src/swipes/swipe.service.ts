import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { SOCIAL_ERRORS, type MemberCardView, type SwipeResult } from '@luxe/contracts';
import { Outbox } from '@luxe/platform/events';
import { Actor, AppError, requireMember } from '@luxe/platform/http';
import { toMemberView } from '../catalog/catalog.mapper';
import { CatalogRepository } from '../catalog/catalog.repository';
import { SafetyRepository } from '../safety/safety.repository';
import { SwipeRepository } from './swipe.repository';

/** Whom a member swipes on: hosts see guests and guests see hosts. */
const DECK_OF: Record<string, string> = { host: 'guest', guest: 'host' };
const DECK_SIZE = 50;

/** Swipes (docs/product.md#social-swipes): like or pass; the latest swipe on a member counts; two likes are a match. */
@Injectable()
export class SwipeService {
  constructor(
    private readonly ds: DataSource,
    private readonly swipes: SwipeRepository,
    private readonly members: CatalogRepository,
    private readonly outbox: Outbox,
    private readonly safety: SafetyRepository,
  ) {}

  async swipe(actor: Actor, userId: string, action: 'like' | 'pass'): Promise<SwipeResult> {
    requireMember(actor);
    const me = actor.userId;
    if (userId === me) throw AppError.of(SOCIAL_ERRORS.SWIPE_SELF);
    if (!(await this.members.card(userId)) || (await this.safety.blockedBetween(me, userId)))
      throw AppError.of(SOCIAL_ERRORS.USER_NOT_FOUND);
    return this.ds.transaction(async (m) => {
      // The pair's swipes are decided one at a time, so two simultaneous likes make exactly one match.
      const pair = [me, userId].sort();
      await this.swipes.lockPair(m, `swipe:${pair.join(':')}`);
      const before = await this.swipes.find(m, me, userId);
      await this.swipes.upsert(m, me, userId, action);
      const theirs = await this.swipes.find(m, userId, me);
      const match = action === 'like' && theirs?.action === 'like';
      if (match && before?.action !== 'like')
        await this.outbox.add(m, 'social.match-created', pair.join(':'), {
          userIds: [pair[0], pair[1]] as [string, string],
        });
      return { action, match };
    });
  }

  /** Swipe candidates: the other side's members (in a state, if asked), never oneself, already swiped, blocked or deleted members. */
  async potentialMatches(actor: Actor, state: string | undefined): Promise<MemberCardView[]> {
    requireMember(actor);
    const me = await this.members.card(actor.userId);
    const target = DECK_OF[me?.userType ?? actor.userType ?? ''];
    if (!target) return [];
    const rows = await this.swipes.deck(actor.userId, target, state, DECK_SIZE);
    return rows.map((c) => toMemberView(c, c.userId));
  }

  /** A deleted member's swipes, his and on him. */
  eraseMember(m: EntityManager, userId: string): Promise<void> {
    return this.swipes.eraseMember(m, userId);
  }
}
