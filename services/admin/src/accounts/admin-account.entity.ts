import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An administrator (created from the environment at start, or by the demo seed). Migration 1700000020000. */
@Entity('admin_accounts')
@Index('admin_accounts_email_unique', { synchronize: false }) // unique on lower(email)
export class AdminAccount {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  email!: string;

  @Column('text', { name: 'password_hash' })
  passwordHash!: string;

  @Column('text')
  name!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
