import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Messaging's read model of a user (names and photos next to conversations), fed by identity's events. */
@Entity('user_cards')
export class UserCard {
  @PrimaryColumn('uuid', { name: 'user_id' })
  userId!: string;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'last_name' })
  lastName!: string;

  @Column('text', { name: 'user_type' })
  userType!: string;

  @Column('text', { name: 'profile_images', array: true, default: () => "'{}'" })
  profileImages!: string[];

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
