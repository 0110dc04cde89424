import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { streamOf } from '@luxe/contracts';

const ACCOUNT_EMAIL_STREAM = streamOf('identity.password-reset-requested');

export type TokenPurpose = 'password-reset' | 'email-verification';

/** The SHA-256 the table keeps of a token (a token is 32 random bytes: no salt or slow hash needed). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Every query on account_tokens (single-use tokens sent by email). */
@Injectable()
export class AccountTokenRepository {
  /** A new token for the account, valid `minutes`; the raw token is returned once and never stored. */
  async issue(
    m: EntityManager,
    userId: string,
    purpose: TokenPurpose,
    minutes: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const rows: { expires_at: Date }[] = await m.query(
      `INSERT INTO account_tokens (id, user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4, now() + ($5 || ' minutes')::interval) RETURNING expires_at`,
      [randomUUID(), userId, purpose, tokenHash(token), String(minutes)],
    );
    return { token, expiresAt: new Date(rows[0]!.expires_at) };
  }

  /**
   * Spends a valid token (not used, not expired) in the caller's transaction and answers its
   * account, or null. One UPDATE: two uses of one link at once cannot both get the account.
   */
  async spend(m: EntityManager, token: string, purpose: TokenPurpose): Promise<string | null> {
    const [rows] = (await m.query(
      `UPDATE account_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash(token), purpose],
    )) as [{ user_id: string }[], number];
    return rows[0]?.user_id ?? null;
  }

  /** The account a token (spent or not, expired or not) was sent to, or null: a link opened twice. */
  async ownerOf(m: EntityManager, token: string, purpose: TokenPurpose): Promise<string | null> {
    const rows: { user_id: string }[] = await m.query(
      `SELECT user_id FROM account_tokens WHERE token_hash = $1 AND purpose = $2`,
      [tokenHash(token), purpose],
    );
    return rows[0]?.user_id ?? null;
  }

  /** The account's account-email events in the outbox (published or not) and their sequence: erased with the account. */
  async forgetEvents(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM outbox_events WHERE stream = $1 AND key = $2`, [ACCOUNT_EMAIL_STREAM, userId]);
    await m.query(`DELETE FROM outbox_sequences WHERE stream = $1 AND key = $2`, [ACCOUNT_EMAIL_STREAM, userId]);
  }

  /** Spends every other open token of that purpose for the account (a reset makes older links pointless). */
  async spendAll(m: EntityManager, userId: string, purpose: TokenPurpose): Promise<void> {
    await m.query(`UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [
      userId,
      purpose,
    ]);
  }
}
