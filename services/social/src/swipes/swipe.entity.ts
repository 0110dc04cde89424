import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A member's like or pass on another (the latest one counts). Migration 1700000018000. */
@Entity('swipe_actions')
@Check('swipe_actions_action_check', `action IN ('like', 'pass')`)
@Index('swipe_actions_pair', ['swiperId', 'swipedUserId'], { unique: true })
export class SwipeEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'swiper_id' })
  swiperId!: string;

  @Index('swipe_actions_swiped_user_id')
  @Column('uuid', { name: 'swiped_user_id' })
  swipedUserId!: string;

  @Column('text')
  action!: 'like' | 'pass';

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
