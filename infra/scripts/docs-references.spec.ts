import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';

// Issue 33, one shape everywhere: the product's rules live in docs/product.md, and the code and docs
// point at them by anchor (`docs/product.md#booking-deposits`). The specification the project
// started from is not in the repository, so a pointer into it (its document and section numbers)
// leads nowhere; and an anchor that no longer names a section of docs/product.md leads nowhere
// either.

const ROOT = join(__dirname, '..', '..');
const PRODUCT = 'docs/product.md';

/** Tracked text files, as `git ls-files` names them; dependencies, build output and lockfiles are not ours to word. */
function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return paths
    .filter((p) => !/(^|\/)(node_modules|dist)\//.test(p) && !/(^|\/)(package-lock\.json|[^/]*\.lock|pnpm-lock\.yaml)$/.test(p))
    .filter((p) => existsSync(join(ROOT, p)))
    .map((p) => ({ path: p, buf: readFileSync(join(ROOT, p)) }))
    .filter(({ buf }) => !buf.includes(0))
    .map(({ path, buf }) => ({ path, text: buf.toString('utf8') }));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * The anchor GitHub gives a heading: lower case, punctuation dropped except hyphens and
 * underscores, each space a hyphen; a repeated slug gets -1, -2, ... in order.
 */
function githubSlugs(markdown: string): string[] {
  const seen = new Map<string, number>();
  const slugs: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.push(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

/** Every anchor of docs/product.md: its explicit `<a id>` anchors (the fixed ones) and its headings' slugs. */
function productAnchors(markdown: string): Set<string> {
  const explicit = [...markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((m) => m[1]!);
  return new Set([...explicit, ...githubSlugs(markdown)]);
}

// Written so that this file does not match itself: words of a pointer may wrap onto a comment's next line.
const GAP = String.raw`(?:\s|\*|\/\/|#)+`;
const OUTSIDE_POINTER = new RegExp(String.raw`\bspec${GAP}doc${GAP}\d|\bproduct${GAP}issue${GAP}\d`, 'gi');
const PRODUCT_LINK = /\bproduct\.md#([A-Za-z0-9_-]*)/g;

describe('references to the product rules (docs/product.md)', () => {
  const files = trackedTextFiles();
  const product = readFileSync(join(ROOT, PRODUCT), 'utf8');
  const anchors = productAnchors(product);

  it('gives headings the anchors GitHub gives them', () => {
    expect(githubSlugs('### 3.8 Resuming a booking after sign-up or log-in\n## `/join` & more\n## A\n## A')).toEqual([
      '38-resuming-a-booking-after-sign-up-or-log-in',
      'join--more',
      'a',
      'a-1',
    ]);
    expect(anchors.has('booking-deposits')).toBe(true);
    expect(anchors.has('96-minimum-spend-and-deposits')).toBe(true);
  });

  it('reads the tracked files (the check below would pass on nothing)', () => {
    expect(files.some((f) => f.path === PRODUCT)).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('no file points into the specification outside the repository (its document and section numbers)', () => {
    const found = files.flatMap(({ path, text }) =>
      [...text.matchAll(OUTSIDE_POINTER)].map((m) => `${path}:${lineOf(text, m.index)}: ${m[0].replace(/\s+/g, ' ')}`),
    );
    expect(found).toEqual([]);
  });

  it('every anchor a pointer to docs/product.md names is one of its sections (explicit anchor or heading)', () => {
    const links = files.flatMap(({ path, text }) => {
      const own = path === PRODUCT ? [...text.matchAll(/\]\(#([^)\s]*)\)/g)] : [];
      return [...text.matchAll(PRODUCT_LINK), ...own].map((m) => ({ where: `${path}:${lineOf(text, m.index)}`, anchor: m[1]! }));
    });
    expect(links.length).toBeGreaterThan(100);
    expect(links.filter((l) => !anchors.has(l.anchor)).map((l) => `${l.where}: #${l.anchor}`)).toEqual([]);
  });
});
