import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret of one data folder: random on the folder's first start (readable by its owner only),
 * then read back on every later start, so what it protects (PostgreSQL's password, the door
 * passes' signatures) survives a restart and no two installations share it. Nothing of it is
 * ever written in the repository.
 */
export function dataFolderSecret(dir: string, name: string, bytes = 32): string {
  const file = join(dir, name);
  // 'wx': two starts racing on a fresh folder cannot overwrite each other's secret.
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(bytes).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (!secret)
    throw new Error(`${file} is empty: delete it to make a new secret (the door passes handed out become invalid)`);
  return secret;
}
