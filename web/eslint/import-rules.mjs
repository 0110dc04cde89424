// The two rules of eslint-plugin-import that bulletproof-react keeps its features apart with,
// `no-restricted-paths` (zones) and `no-cycle`, for the web client's relative imports. Neither
// eslint-plugin-import nor eslint-plugin-import-x is installed, and the web client imports its own
// modules by relative path only, so resolving `./x` and `../x` is all they need. The options take the
// same shape as the plugin's, so swapping it in later is a change of the config's plugin name alone.
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or null (a package import, or nothing there). */
function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (fs.existsSync(base + ext)) return base + ext;
  return null;
}

const inside = (file, dir) => file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/** The module a node imports from, unless it brings types only (erased: no runtime edge). */
function importedSource(node) {
  if (node.type === 'ImportDeclaration') {
    if (node.importKind === 'type') return null;
    if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return null;
    return node.source;
  }
  if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') return node.source && node.exportKind !== 'type' ? node.source : null;
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? node.source : null;
  return null;
}

const IMPORT_NODES = ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'];

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from the `from` folders into the `target` folders (zones), as eslint-plugin-import does.' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const file = context.filename;
    const mine = zones.filter((z) => [z.target].flat().some((t) => inside(file, t)));
    if (mine.length === 0) return {};
    const check = (node) => {
      const source = importedSource(node);
      const target = source && resolve(file, source.value);
      if (!target) return;
      for (const zone of mine) {
        if (![zone.from].flat().some((f) => inside(target, f))) continue;
        if ((zone.except ?? []).some((e) => inside(target, path.resolve(zone.from, e)))) continue;
        context.report({ node: source, message: `Unexpected path "${source.value}" imported in restricted zone.${zone.message ? ` ${zone.message}` : ''}` });
        return;
      }
    };
    return Object.fromEntries(IMPORT_NODES.map((n) => [n, check]));
  },
};

// A module's runtime imports, read from its text (the other modules are not parsed by ESLint here).
// Type-only imports are left out: the compiler erases them, so they make no cycle at run time.
const IMPORT_TEXT = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const depsCache = new Map();
function depsOf(file) {
  let deps = depsCache.get(file);
  if (deps) return deps;
  deps = [];
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    /* gone since: no edges */
  }
  for (const m of text.matchAll(IMPORT_TEXT)) {
    const target = resolve(file, m[1] ?? m[2]);
    if (target) deps.push(target);
  }
  depsCache.set(file, deps);
  return deps;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import that leads back to the importing module, as eslint-plugin-import does.' },
    schema: [{ type: 'object', properties: { maxDepth: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.filename;
    const maxDepth = context.options[0]?.maxDepth ?? Infinity;
    // The linted module's own text may be newer than the cache (an editor): its edges come from the AST.
    depsCache.delete(file);
    /** The path from `start` back to the linted module, or null. */
    const pathBack = (start) => {
      const seen = new Set([file]);
      const queue = [[start]];
      seen.add(start);
      while (queue.length > 0) {
        const trail = queue.shift();
        if (trail.length > maxDepth) continue;
        for (const next of depsOf(trail[trail.length - 1])) {
          if (next === file) return trail;
          if (!seen.has(next)) {
            seen.add(next);
            queue.push([...trail, next]);
          }
        }
      }
      return null;
    };
    const check = (node) => {
      const source = importedSource(node);
      const target = source && resolve(file, source.value);
      if (!target) return;
      const trail = target === file ? [] : pathBack(target);
      if (!trail) return;
      const via = trail.length > 1 ? ` (via ${trail.slice(1).map((f) => path.relative(path.dirname(file), f)).join(' → ')})` : '';
      context.report({ node: source, message: `Dependency cycle detected: "${source.value}" imports this module back${via}.` });
    };
    return Object.fromEntries(IMPORT_NODES.map((n) => [n, check]));
  },
};

export default { meta: { name: 'luxe-import' }, rules: { 'no-restricted-paths': noRestrictedPaths, 'no-cycle': noCycle } };
