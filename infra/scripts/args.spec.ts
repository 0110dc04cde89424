import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

// The scripts' one command-line parser (args.mjs) is an ES module that node runs as it is; Jest's
// runtime loads CommonJS, so each case runs a script file of its own under node, with the options
// dlt-replay gives it.
const ARGS = join(__dirname, 'args.mjs');
const SCRIPT = `
import { parseCommandLine } from ${JSON.stringify(ARGS)};
const { values, positionals } = parseCommandLine({
  usage: 'usage: tool <topic> [--group <consumer>] [--dry-run]',
  options: { group: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  allowPositionals: true,
});
console.log(JSON.stringify({ values, positionals }));
`;
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'luxe-args-'));
  writeFileSync(join(dir, 'tool.mjs'), SCRIPT);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(dir, 'tool.mjs'), ...args], { encoding: 'utf8', timeout: 20_000 });

describe('parseCommandLine (infra/scripts/args.mjs)', () => {
  it('gives the options and the positionals', () => {
    const r = run('orders.dlt', '--group', 'social', '--dry-run');
    expect([r.status, JSON.parse(r.stdout)]).toEqual([
      0,
      { values: { group: 'social', 'dry-run': true }, positionals: ['orders.dlt'] },
    ]);
  });

  it('fills in the defaults', () => {
    expect(JSON.parse(run('orders').stdout)).toEqual({ values: { 'dry-run': false }, positionals: ['orders'] });
  });

  it('--help and -h print the usage and exit 0', () => {
    for (const flag of ['--help', '-h']) {
      const r = run(flag);
      expect([r.status, r.stdout.trim()]).toEqual([0, 'usage: tool <topic> [--group <consumer>] [--dry-run]']);
    }
  });

  it('an unknown option stops the script with the error and the usage, exit 64', () => {
    const r = run('orders', '--dryrun');
    expect(r.status).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("Unknown option '--dryrun'");
    expect(r.stderr).toContain('usage: tool <topic>');
  });

  it('an option without its value is refused, exit 64', () => {
    const r = run('orders', '--group');
    expect(r.status).toBe(64);
    expect(r.stderr).toContain("Option '--group <value>' argument missing");
  });
});
