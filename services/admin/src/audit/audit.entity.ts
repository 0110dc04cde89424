import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One admin action: who, what, on what, when, and the state before and after. Migration 1700000020000. */
@Entity('admin_audit_log')
@Index('admin_audit_log_created', ['createdAt'])
export class AuditRow {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'admin_id' })
  adminId!: string;

  @Column('text', { name: 'admin_email' })
  adminEmail!: string;

  @Column('text')
  action!: string;

  @Column('text', { name: 'target_type' })
  targetType!: string;

  @Index('admin_audit_log_target')
  @Column('uuid', { name: 'target_id' })
  targetId!: string;

  @Column('jsonb', { nullable: true })
  before!: Record<string, unknown> | null;

  @Column('jsonb', { nullable: true })
  after!: Record<string, unknown> | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
