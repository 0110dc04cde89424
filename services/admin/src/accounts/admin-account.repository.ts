import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAccount } from './admin-account.entity';

/** Every query on admin accounts. */
@Injectable()
export class AdminAccountRepository {
  constructor(private readonly ds: DataSource) {}

  byId(id: string): Promise<AdminAccount | null> {
    return this.ds.manager.findOneBy(AdminAccount, { id });
  }
  /** The account of this email, whatever its case. */
  byEmail(email: string): Promise<AdminAccount | null> {
    return this.ds.manager
      .getRepository(AdminAccount)
      .createQueryBuilder('a')
      .where('lower(a.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }
  /** Whether the account exists (the guard's read on every admin call: one primary-key lookup). */
  async exists(id: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM admin_accounts WHERE id = $1`, [id]);
    return rows.length > 0;
  }
  /** Creates the account unless one has this email (the unique index decides a race); true when created. */
  async insertIfAbsent(a: { id: string; email: string; passwordHash: string; name: string }): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      `INSERT INTO admin_accounts (id, email, password_hash, name) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
      [a.id, a.email, a.passwordHash, a.name],
    );
    return rows.length > 0;
  }
}
