import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single-use tokens sent by email (password reset, email verification), and when a
 * member verified his email. Only a SHA-256 of the token is kept:
 * whoever reads the table cannot use a link that is still valid. A row is spent (`used_at`) when
 * its link is used, or when a later reset of the same account makes it pointless; rows go with
 * their account.
 */
export class CreateAccountTokens1700000044000 implements MigrationInterface {
  name = 'CreateAccountTokens1700000044000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE account_tokens (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('password-reset', 'email-verification')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX account_tokens_user_id ON account_tokens (user_id)`);
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
    await q.query(`DROP TABLE account_tokens`);
  }
}
