import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A friend a host brings, with the unguessable token of his invite link. Migration 1700000012000. */
@Entity('friends')
export class FriendEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('friends_user_id')
  @Column('uuid', { name: 'user_id' })
  userId!: string;

  @Index('friends_booking_id', { where: 'booking_id IS NOT NULL' })
  @Column('uuid', { name: 'booking_id', nullable: true })
  bookingId!: string | null;

  @Column('text')
  name!: string;

  @Column('text', { name: 'phone_number', nullable: true })
  phoneNumber!: string | null;

  @Column('text', { nullable: true })
  instagram!: string | null;

  @Column('text', { name: 'profile_picture', nullable: true })
  profilePicture!: string | null;

  @Index('friends_invite_token', { unique: true })
  @Column('text', { name: 'invite_token' })
  inviteToken!: string;

  @Column('boolean', { default: false })
  claimed!: boolean;

  @Index('friends_claimed_by_user_id')
  @Column('uuid', { name: 'claimed_by_user_id', nullable: true })
  claimedByUserId!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
