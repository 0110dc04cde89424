import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Gender, UserType } from '@luxe/contracts';

/** A member account. The table is created by migration 1700000001000; the drift test keeps them equal. */
@Entity('users')
@Index('users_email_unique', { synchronize: false }) // unique on lower(email): a functional index TypeORM cannot describe
@Check('users_user_type_check', `user_type IN ('host', 'guest', 'venue', 'entertainer')`)
@Check('users_age_check', `age IS NULL OR age BETWEEN 18 AND 100`)
@Check('users_gender_check', `gender IS NULL OR gender IN ('male', 'female', 'other')`)
export class User {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text', { name: 'phone_number', nullable: true })
  phoneNumber!: string | null;

  @Column('text', { name: 'first_name' })
  firstName!: string;

  @Column('text', { name: 'last_name' })
  lastName!: string;

  @Column('text', { name: 'user_type' })
  userType!: UserType;

  @Column('text')
  city!: string;

  @Column('text')
  state!: string;

  /** Migration 1700000017000 (sign-up reading B; discovery's guest visibility). */
  @Column('text', { nullable: true })
  gender!: Gender | null;

  @Column('int', { nullable: true })
  age!: number | null;

  @Column('text', { nullable: true })
  bio!: string | null;

  @Column('text', { name: 'profile_images', array: true, default: () => "'{}'" })
  profileImages!: string[];

  @Column('text', { name: 'profile_completed', default: 'false' })
  profileCompleted!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** Suspended by an admin (migration 1700000022000): sign-in refused, sessions ended. */
  @Column('timestamptz', { name: 'suspended_at', nullable: true })
  suspendedAt!: Date | null;

  /** When the member opened the verification link sent to his email; null until then. */
  @Column('timestamptz', { name: 'email_verified_at', nullable: true })
  emailVerifiedAt!: Date | null;
}
