import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { dataFolderSecret } from './secrets';

const dirs = [mkdtempSync(join(tmpdir(), 'luxe-secret-a-')), mkdtempSync(join(tmpdir(), 'luxe-secret-b-'))];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// Issue 30: the embedded mode signed door passes with a secret written in the repository, so
// anyone could forge a pass for any booking of any installation.
describe("dataFolderSecret (the embedded mode's pass signing secret)", () => {
  it('is random per data folder, at least 32 characters, readable by its owner only', () => {
    const [a, b] = dirs.map((d) => dataFolderSecret(d, 'pass-signing-secret'));
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dirs[0], 'pass-signing-secret')).mode & 0o777).toBe(0o600);
  });

  it('stays the same for its folder across starts', () => {
    const first = readFileSync(join(dirs[0], 'pass-signing-secret'), 'utf8');
    expect(dataFolderSecret(dirs[0], 'pass-signing-secret')).toBe(first);
    expect(dataFolderSecret(dirs[0], 'pass-signing-secret')).toBe(first);
  });
});
