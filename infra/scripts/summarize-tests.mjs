// @ts-check
// Sums the phases' JSON reports (Jest's, and Vitest's in the same shape) into one closing line
// "N passed, N failed" (skipped tests, if any, on the line before); a phase without a
// report (it crashed before reporting) counts as one failure. Exits 1 on any failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine, usageError } from './args.mjs';

const USAGE = 'usage: node infra/scripts/summarize-tests.mjs <report directory> <phase>...';
const {
  positionals: [dir, ...phases],
} = parseCommandLine({ usage: USAGE, options: {}, allowPositionals: true });
if (!dir) usageError('', USAGE);
let passed = 0;
let failed = 0;
let skipped = 0;
console.log('');
for (const p of phases) {
  const f = join(dir, `${p}.json`);
  if (!existsSync(f)) {
    console.log(`${p}: no report (the suite crashed before reporting)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(f, 'utf8'));
  /** @param {{ status: string, assertionResults?: unknown[] }} t */
  const failedToLoad = (t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0;
  const suiteErrors = (r.testResults ?? []).filter(failedToLoad).length;
  passed += r.numPassedTests;
  failed +=
    r.numFailedTests + suiteErrors + (r.success === false && r.numFailedTests === 0 && suiteErrors === 0 ? 1 : 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(
    `${p}: ${r.numPassedTests} passed, ${r.numFailedTests} failed${suiteErrors ? `, ${suiteErrors} files failed to load` : ''}`,
  );
}
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
