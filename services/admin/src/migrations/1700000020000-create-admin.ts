import { MigrationInterface, QueryRunner } from 'typeorm';

/** Admin accounts, the audit log, and the admin's read models of members, venues, sections, dancers, assignments and reports. */
export class CreateAdmin1700000020000 implements MigrationInterface {
  name = 'CreateAdmin1700000020000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE admin_accounts (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX admin_accounts_email_unique ON admin_accounts (lower(email))`);
    await q.query(`CREATE TABLE admin_audit_log (
      id uuid PRIMARY KEY,
      admin_id uuid NOT NULL,
      admin_email text NOT NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id uuid NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX admin_audit_log_created ON admin_audit_log (created_at)`);
    await q.query(`CREATE INDEX admin_audit_log_target ON admin_audit_log (target_id)`);
    await q.query(`CREATE TABLE admin_users (
      user_id uuid PRIMARY KEY,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      profile_images text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      suspended_at timestamptz,
      suspended_reason text
    )`);
    await q.query(`CREATE INDEX admin_users_created ON admin_users (created_at)`);
    await q.query(`CREATE TABLE admin_venues (
      venue_id uuid PRIMARY KEY,
      owner_id uuid NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      subtype text,
      city text NOT NULL,
      state text NOT NULL,
      image_url text NOT NULL,
      price_per_hour text NOT NULL,
      capacity integer NOT NULL,
      is_active boolean NOT NULL,
      approval_status text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX admin_venues_owner_id ON admin_venues (owner_id)`);
    await q.query(`CREATE TABLE admin_sections (
      section_id uuid PRIMARY KEY,
      venue_id uuid NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      price_per_hour text NOT NULL,
      capacity integer NOT NULL,
      is_vip_room boolean NOT NULL,
      is_active boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX admin_sections_venue_id ON admin_sections (venue_id)`);
    await q.query(`CREATE TABLE admin_dancers (
      dancer_id uuid PRIMARY KEY,
      venue_id uuid NOT NULL,
      name text NOT NULL,
      entertainer_user_id uuid,
      image_url text NOT NULL,
      price_modifier text NOT NULL,
      is_available boolean NOT NULL,
      is_active boolean NOT NULL
    )`);
    await q.query(`CREATE INDEX admin_dancers_venue_id ON admin_dancers (venue_id)`);
    await q.query(`CREATE TABLE admin_assignments (
      assignment_id uuid PRIMARY KEY,
      section_id uuid NOT NULL,
      dancer_id uuid NOT NULL,
      venue_id uuid NOT NULL,
      entertainer_user_id uuid,
      status text NOT NULL,
      created_at timestamptz NOT NULL,
      responded_at timestamptz
    )`);
    await q.query(`CREATE INDEX admin_assignments_section_id ON admin_assignments (section_id)`);
    await q.query(`CREATE TABLE admin_reports (
      report_id uuid PRIMARY KEY,
      kind text NOT NULL,
      reporter_id uuid NOT NULL,
      reported_user_id uuid NOT NULL,
      reason text NOT NULL,
      details text,
      content text,
      message_id uuid,
      created_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'open',
      decided_at timestamptz,
      decided_by uuid,
      note text
    )`);
    await q.query(`CREATE INDEX admin_reports_status_created ON admin_reports (status, created_at)`);
    await q.query(`CREATE INDEX admin_reports_reported_user_id ON admin_reports (reported_user_id)`);
  }
  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'admin_reports',
      'admin_assignments',
      'admin_dancers',
      'admin_sections',
      'admin_venues',
      'admin_users',
      'admin_audit_log',
      'admin_accounts',
    ])
      await q.query(`DROP TABLE ${t}`);
  }
}
