import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  copyTemplate,
  isNewDataFolder,
  makeTemplate,
  PENDING_PASSWORD_FILE,
  readyTemplate,
  syncTree,
  templateKey,
} from './template';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'luxe-template-spec-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What a template build writes: a PostgreSQL folder, stored objects and the folder's password. */
function fakeBuild(dir: string): Promise<void> {
  mkdirSync(join(dir, 'pg'), { mode: 0o700 });
  writeFileSync(join(dir, 'pg', 'PG_VERSION'), '17');
  mkdirSync(join(dir, 's3', 'luxe-venues'), { recursive: true });
  writeFileSync(join(dir, 's3', 'luxe-venues', 'photo.jpg'), 'jpeg');
  writeFileSync(join(dir, 'pg-password'), 'template-password');
  writeFileSync(join(dir, 'pass-signing-secret'), 'the template start made it');
  return Promise.resolve();
}

describe('the template data folder (issue 34)', () => {
  it('is keyed by the code that seeds it and the seeds settings: any change gives another key', () => {
    const code = temp();
    const main = join(code, 'index.js');
    writeFileSync(main, 'module.exports = 1;');
    mkdirSync(join(code, 'migrations'));
    writeFileSync(join(code, 'migrations', '1.js'), 'up');
    const settings = { seed: true, demoPassword: 'luxeswipe-demo' };
    const key = templateKey([main], settings);
    expect(templateKey([main], settings)).toBe(key);
    expect(templateKey([main], { ...settings, demoPassword: 'another-one' })).not.toBe(key);
    expect(templateKey([main], { ...settings, seed: false })).not.toBe(key);
    writeFileSync(join(code, 'migrations', '1.js'), 'up, changed');
    expect(templateKey([main], settings)).not.toBe(key);
  });

  it('is made once, in one rename, and replaces the templates of earlier builds', async () => {
    const root = temp();
    await makeTemplate(root, 'old-build', fakeBuild);
    expect(readyTemplate(root, 'new-build')).toBeNull();
    let builds = 0;
    const made = await makeTemplate(root, 'new-build', (dir) => (builds++, fakeBuild(dir)));
    expect(builds).toBe(1);
    expect(readyTemplate(root, 'new-build')).toBe(made);
    expect(readdirSync(root)).toEqual(['new-build']);
  });

  it('leaves nothing behind when its build fails', async () => {
    const root = temp();
    await expect(makeTemplate(root, 'k', () => Promise.reject(new Error('initdb failed')))).rejects.toThrow(
      'initdb failed',
    );
    expect(readdirSync(root)).toEqual([]);
    expect(readyTemplate(root, 'k')).toBeNull();
  });

  it('is not made from a build that ended without every part (a start stopped early)', async () => {
    const root = temp();
    const partial = async (dir: string) => void mkdirSync(join(dir, 'pg'));
    await expect(makeTemplate(root, 'k', partial)).rejects.toThrow("the template's build left no s3, pg-password");
    expect(readyTemplate(root, 'k')).toBeNull();
    expect(readdirSync(root)).toEqual([]);
  });

  it("is copied into a new data folder only, PostgreSQL's and the objects, never the template's other secrets; its password is noted for the first start", async () => {
    const template = await makeTemplate(temp(), 'k', fakeBuild);
    const data = temp();
    expect(isNewDataFolder(data)).toBe(true);
    await copyTemplate(template, data);
    expect(readFileSync(join(data, 'pg', 'PG_VERSION'), 'utf8')).toBe('17');
    expect(readFileSync(join(data, 's3', 'luxe-venues', 'photo.jpg'), 'utf8')).toBe('jpeg');
    expect(readFileSync(join(data, PENDING_PASSWORD_FILE), 'utf8')).toBe('template-password');
    expect(existsSync(join(data, 'pass-signing-secret'))).toBe(false);
    expect(existsSync(join(data, 'pg-password'))).toBe(false);
    expect(readdirSync(data).sort()).toEqual([PENDING_PASSWORD_FILE, 'pg', 's3'].sort());
    expect(isNewDataFolder(data)).toBe(false);
    await expect(syncTree(data)).resolves.toBeUndefined();
  });

  it('takes a folder with stored objects but no PostgreSQL as not new (its objects are kept)', () => {
    const data = temp();
    mkdirSync(join(data, 's3'));
    expect(isNewDataFolder(data)).toBe(false);
  });
});
