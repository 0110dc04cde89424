import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { EVENT_TYPES } from '@luxe/contracts';
import {
  configProblems,
  eventsCatalogue,
  generatedFiles,
  schemaDefault,
  withParts,
  type ConfigComponent,
} from './generate';

// Issue 33, generate what can be generated: docs/events.md's catalogue and docs/configuration.md's
// variable tables are written by `npm run docs:generate` from the event contract and the
// configuration schemas. This fails when the committed pages differ from what it gives (a schema or
// an event changed and the docs were not generated again), or when a schema reads a variable no row
// describes.

/** The lines of `b` that differ from `a`'s, numbered, so a failure shows what drifted rather than two whole pages. */
function drift(a: string, b: string): string[] {
  const x = a.split('\n');
  const y = b.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(x.length, y.length) && out.length < 20; i++)
    if (x[i] !== y[i]) out.push(`line ${i + 1}:\n  committed: ${x[i] ?? '(none)'}\n  generated: ${y[i] ?? '(none)'}`);
  return out;
}

describe('generated docs (npm run docs:generate)', () => {
  it('docs/events.md and docs/configuration.md are what npm run docs:generate writes from the code (run it after changing an event or a configuration schema)', () => {
    const files = generatedFiles();
    expect(files.map((f) => f.file).sort()).toEqual(['docs/configuration.md', 'docs/events.md']);
    for (const f of files)
      expect({ file: f.file, drift: drift(f.committed, f.generated) }).toEqual({ file: f.file, drift: [] });
  });

  it('the catalogue has a section for every event type of the contract', () => {
    const catalogue = eventsCatalogue();
    for (const t of EVENT_TYPES) expect(catalogue).toContain(`### \`${t}\``);
    expect(catalogue).toMatch(/\| `userId` \| string \(uuid\) \| yes \|/);
  });

  it('refuses a variable a schema reads without a row, a row no schema reads, and a default that contradicts the schema', () => {
    const c: ConfigComponent = {
      key: 'demo',
      title: 'Demo',
      required: { A_MS: z.coerce.number().default(200), B: z.string().optional() },
      allowed: { A_MS: z.coerce.number().default(200), B: z.string().optional() },
    };
    expect(configProblems(c, [{ vars: ['A_MS'], meaning: 'a' }])).toEqual([
      'demo: B is read by the schema but has no row',
    ]);
    expect(
      configProblems(c, [
        { vars: ['A_MS', 'B'], meaning: 'a' },
        { vars: ['C'], meaning: 'c' },
      ]),
    ).toEqual(['demo: C has a row but no schema reads it']);
    expect(configProblems(c, [{ vars: ['A_MS', 'B'], default: '`300`', meaning: 'a' }])).toEqual([
      "demo: A_MS's default is `200`, the row says `300`",
    ]);
    expect(configProblems(c, [{ vars: ['A_MS', 'B'], meaning: 'a' }])).toEqual([]);
    expect([
      schemaDefault(z.string().default('')),
      schemaDefault(z.string().optional()),
      schemaDefault(z.string()),
      schemaDefault(
        z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .default(false),
      ),
    ]).toEqual(['empty', 'unset', '(required)', '`false`']);
  });

  it("replaces only what lies between a part's markers, and refuses a page without them", () => {
    const page =
      'before\n<!-- BEGIN GENERATED p: written by npm run docs:generate from the code; edit the code, not this -->\nold\n<!-- END GENERATED p -->\nafter\n';
    expect(withParts('x.md', page, [{ file: 'x.md', name: 'p', text: 'new' }])).toBe(page.replace('old', 'new'));
    expect(() => withParts('x.md', 'no markers', [{ file: 'x.md', name: 'p', text: 'new' }])).toThrow(/no markers/);
  });
});
