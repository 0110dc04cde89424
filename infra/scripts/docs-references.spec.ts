import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from '@jest/globals';

// Issue 33, one shape everywhere: the product's rules live in docs/product.md, and the code and docs
// point at them by anchor (`docs/product.md#booking-deposits`). The specification the project
// started from is not in the repository, so a pointer into it (its document and section numbers)
// leads nowhere; and an anchor that no longer names a section of docs/product.md leads nowhere
// either. The same holds for every other page: the README and docs/*.md point at each other's
// sections, and code comments at theirs (`docs/runbook.md#runbook-stuck-outbox`), so a section
// renamed or moved to another page must take its pointers along.

const ROOT = join(__dirname, '..', '..');
const PRODUCT = 'docs/product.md';

/** Tracked text files, as `git ls-files` names them; dependencies, build output and lockfiles are not ours to word. */
function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return paths
    .filter(
      (p) =>
        !/(^|\/)(node_modules|dist)\//.test(p) && !/(^|\/)(package-lock\.json|[^/]*\.lock|pnpm-lock\.yaml)$/.test(p),
    )
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
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.push(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

/** Every anchor of a page: its explicit `<a id>` anchors (the fixed ones) and its headings' slugs. */
function productAnchors(markdown: string): Set<string> {
  const explicit = [...markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((m) => m[1]!);
  return new Set([...explicit, ...githubSlugs(markdown)]);
}

// Written so that this file does not match itself: words of a pointer may wrap onto a comment's next line.
const GAP = String.raw`(?:\s|\*|\/\/|#)+`;
const OUTSIDE_POINTER = new RegExp(String.raw`\bspec${GAP}doc${GAP}\d|\bproduct${GAP}issue${GAP}\d`, 'gi');
const PRODUCT_LINK = /\bproduct\.md#([A-Za-z0-9_-]*)/g;

/** A pointer to a section of a Markdown page: `docs/runbook.md#runbook-dead-letters`, the README's from a page in docs/ (`../`), `(#x)` within a page. */
const PAGE_LINK = /(?<![\w/.-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md)#([A-Za-z0-9_-]*)/g;
const OWN_LINK = /\]\(#([^)\s]*)\)/g;

/**
 * Every pointer to a page's section that names no anchor of it, as `file:line: target#anchor`. A
 * pointer resolves against its own folder first (links between pages), then the repository's root
 * (code comments name `docs/…` from there); a page that exists in neither place is reported too.
 * Pointers into pages written by the docs generator are checked on the page it wrote.
 */
function brokenPageLinks(
  files: { path: string; text: string }[],
  read: (path: string) => string | undefined,
): string[] {
  const anchorsOf = new Map<string, Set<string> | undefined>();
  const anchors = (page: string) => {
    if (!anchorsOf.has(page)) {
      const text = read(page);
      anchorsOf.set(page, text === undefined ? undefined : productAnchors(text));
    }
    return anchorsOf.get(page);
  };
  const broken: string[] = [];
  for (const { path, text } of files) {
    const links = [...text.matchAll(PAGE_LINK)].map((m) => ({ at: m.index, target: m[1]!, anchor: m[2]! }));
    if (path.endsWith('.md'))
      links.push(...[...text.matchAll(OWN_LINK)].map((m) => ({ at: m.index, target: '', anchor: m[1]! })));
    for (const l of links) {
      // The docs generator's sources write into docs/: their links are relative to it, as on the page they make.
      const from = path.startsWith('infra/embedded/src/docs/') ? 'docs' : dirname(path);
      const candidates = l.target === '' ? [path] : [normalize(join(from, l.target)), normalize(l.target)];
      const page = candidates.find((c) => anchors(c) !== undefined);
      if (!page) broken.push(`${path}:${lineOf(text, l.at)}: ${l.target}#${l.anchor} (no such page)`);
      else if (!anchors(page)!.has(l.anchor)) broken.push(`${path}:${lineOf(text, l.at)}: ${l.target}#${l.anchor}`);
    }
  }
  return broken;
}
const readPage = (path: string) =>
  path.startsWith('..') || !existsSync(join(ROOT, path)) ? undefined : readFileSync(join(ROOT, path), 'utf8');

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
      return [...text.matchAll(PRODUCT_LINK), ...own].map((m) => ({
        where: `${path}:${lineOf(text, m.index)}`,
        anchor: m[1]!,
      }));
    });
    expect(links.length).toBeGreaterThan(100);
    expect(links.filter((l) => !anchors.has(l.anchor)).map((l) => `${l.where}: #${l.anchor}`)).toEqual([]);
  });
});

describe('references to sections of the README and the docs (any page#anchor)', () => {
  it('finds a broken anchor, a missing page and a broken link within a page, and passes good ones', () => {
    // Each pointer is put together from its parts, so that this file does not point anywhere itself.
    const to = (page: string, anchor: string) => `${page}#${anchor}`;
    const pages: Record<string, string> = {
      'docs/a.md': `# A\n## Good section\n<a id="fixed"></a>\nSee [b](${to('b.md', 'top-b')}), [self](${to('', 'good-section')}), [gone](${to('', 'gone')}).\n`,
      'docs/b.md': '# Top B\n',
      'README.md': '# Readme\n',
    };
    const code = `// see ${to('docs/a.md', 'fixed')} and ${to('docs/a.md', 'good-section')}\n// ${to('docs/a.md', 'renamed')}; ${to('README.md', 'readme')}; ${to('docs/c.md', 'x')}`;
    const files = [
      ...Object.entries(pages).map(([path, text]) => ({ path, text })),
      { path: 'services/x/src/y.ts', text: code },
    ];
    expect(brokenPageLinks(files, (p) => pages[p])).toEqual([
      `docs/a.md:4: ${to('', 'gone')}`,
      `services/x/src/y.ts:2: ${to('docs/a.md', 'renamed')}`,
      `services/x/src/y.ts:2: ${to('docs/c.md', 'x')} (no such page)`,
    ]);
  });

  it('every page#anchor pointer in the tracked files names an anchor or heading of that page', () => {
    const files = trackedTextFiles();
    const pointers = files.reduce((n, { text }) => n + [...text.matchAll(PAGE_LINK)].length, 0);
    expect(pointers).toBeGreaterThan(150);
    expect(brokenPageLinks(files, readPage)).toEqual([]);
  });
});
