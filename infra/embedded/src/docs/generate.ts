// The generated parts of the docs. docs/events.md's
// catalogue comes from the event contract (libs/contracts/src/events.ts: each type's stream, data
// schema and doc comment) and from who handles it (`@OnEvent('<type>')` in the services);
// docs/configuration.md's tables come from the configuration schemas every process validates at
// start (their variables and defaults) and from configuration-reference.ts (what each one means).
// A generated part sits between its BEGIN/END markers; the prose around it is written by hand.
// `npm run docs:generate` writes them; infra/embedded/src/docs/docs-generated.spec.ts fails when the
// committed docs differ from what this gives, so neither can drift from the code unnoticed.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { z } from 'zod';
import {
  EVENT_TYPES,
  endsAggregate,
  eventDefs,
  streamOf,
  topicFor,
  deadLetterTopic,
  type EventType,
} from '@luxe/contracts';
import { serviceEnvSchema } from '@luxe/platform';
import { gatewayEnvSchema } from '@luxe/gateway';
import { embeddedEnvSchema } from '../config';
import { SERVICES } from '../services';
import { CONFIGURATION, TITLES, type ConfigEntry } from './configuration-reference';

// The repository's root (infra/embedded/src/docs, or its build under dist/docs).
export const ROOT = join(__dirname, '..', '..', '..', '..');

/** One generated part: the file it lives in and the text between its markers. */
export interface GeneratedPart {
  file: string;
  name: string;
  text: string;
}

const begin = (name: string) =>
  `<!-- BEGIN GENERATED ${name}: written by npm run docs:generate from the code; edit the code, not this -->`;
const end = (name: string) => `<!-- END GENERATED ${name} -->`;

/** The file's text with each of its parts' marked regions replaced; throws when a marker is missing. */
export function withParts(file: string, text: string, parts: GeneratedPart[]): string {
  let out = text;
  for (const p of parts.filter((x) => x.file === file)) {
    const b = out.indexOf(begin(p.name));
    const e = out.indexOf(end(p.name));
    if (b < 0 || e < b)
      throw new Error(`${file}: no markers for the generated part ${p.name} (${begin(p.name)} … ${end(p.name)})`);
    out = `${out.slice(0, b)}${begin(p.name)}\n${p.text.trimEnd()}\n${out.slice(e)}`;
  }
  return out;
}

// ---------------------------------------------------------------- events

/** The doc comment written above each event type in eventDefs (the contract's own words). */
function eventComments(): Map<string, string> {
  const file = join(ROOT, 'libs/contracts/src/events.ts');
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const comments = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'eventDefs' && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (!ts.isObjectLiteralExpression(init)) return;
      for (const prop of init.properties) {
        if (!ts.isPropertyAssignment(prop) || !ts.isStringLiteral(prop.name)) continue;
        const ranges = ts.getLeadingCommentRanges(text, prop.getFullStart()) ?? [];
        const blocks = ranges
          .filter((r) => r.kind === ts.SyntaxKind.MultiLineCommentTrivia)
          .map((r) => text.slice(r.pos, r.end));
        if (blocks.length === 0) continue;
        const words = blocks
          .map((b) =>
            b
              .replace(/^\/\*+|\*+\/$/g, '')
              .split('\n')
              .map((l) => l.replace(/^\s*\*?\s?/, '').trim())
              .filter(Boolean)
              .join(' '),
          )
          .join(' ');
        comments.set(prop.name.text, words);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return comments;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' || d.name === 'dist' ? [] : sourceFiles(p);
    return /\.ts$/.test(d.name) && !/\.(spec|test)\.ts$/.test(d.name) ? [p] : [];
  });
}

/** Which services handle each event type: the `@OnEvent('<type>')` handlers in services/<name>/src. */
export function eventConsumers(): Map<string, string[]> {
  const byType = new Map<string, Set<string>>();
  for (const service of readdirSync(join(ROOT, 'services')).sort()) {
    for (const file of sourceFiles(join(ROOT, 'services', service, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/@OnEvent\(\s*'([^']+)'/g)) {
        if (!byType.has(m[1]!)) byType.set(m[1]!, new Set());
        byType.get(m[1]!)!.add(service);
      }
    }
  }
  return new Map([...byType].map(([t, s]) => [t, [...s].sort()]));
}

type Json = { [k: string]: any };

/** A JSON Schema node as a short type: `string (uuid)`, `integer | null`, `"club" \| "yacht"`, `{ hours: integer }[]`. */
function typeText(s: Json): string {
  if (s.anyOf) return s.anyOf.map(typeText).join(' \\| ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' \\| ');
  if (s.type === 'null') return 'null';
  if (s.type === 'array') {
    if (s.prefixItems) return `[${s.prefixItems.map(typeText).join(', ')}]`;
    return `${s.items ? typeText(s.items) : 'unknown'}[]`;
  }
  if (s.type === 'object') {
    const props = Object.entries<Json>(s.properties ?? {}).map(
      ([k, v]) => `${k}${(s.required ?? []).includes(k) ? '' : '?'}: ${typeText(v)}`,
    );
    return `{ ${props.join(', ')} }`;
  }
  if (s.type === 'string' && s.format) return `string (${s.format})`;
  if (s.type === 'integer' || s.type === 'number') {
    const bounds = [s.minimum !== undefined ? `≥ ${s.minimum}` : '', s.maximum !== undefined ? `≤ ${s.maximum}` : '']
      .filter(Boolean)
      .join(', ');
    return bounds ? `${s.type} (${bounds})` : s.type;
  }
  return s.type ?? 'unknown';
}

/** The events catalogue: every stream with its topic, then every event type with its data's fields. */
export function eventsCatalogue(): string {
  const comments = eventComments();
  const consumers = eventConsumers();
  const producerOf = (t: string) => t.slice(0, t.indexOf('.'));
  const slug = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^a-z0-9_ -]/g, '')
      .replace(/ /g, '-');
  const streams = [...new Set(EVENT_TYPES.map(streamOf))];
  const lines: string[] = [];
  lines.push('| Stream | Topic (and dead letters) | Event types |', '|---|---|---|');
  for (const stream of streams) {
    const types = EVENT_TYPES.filter((t) => streamOf(t) === stream);
    const topic = topicFor(types[0]!);
    lines.push(
      `| \`${stream}\` | \`${topic}\` (\`${deadLetterTopic(topic)}\`) | ${types.map((t) => `[\`${t}\`](#${slug(t)})`).join(', ')} |`,
    );
  }
  for (const type of EVENT_TYPES) {
    const schema = z.toJSONSchema(eventDefs[type as EventType].data, { io: 'input', unrepresentable: 'any' }) as Json;
    lines.push('', `### \`${type}\``, '');
    const facts = [
      `Stream \`${streamOf(type)}\`, produced by ${producerOf(type)}`,
      `service handlers: ${consumers.get(type)?.join(', ') || 'none'}`,
    ];
    if (endsAggregate(type)) facts.push('ends its aggregate (nothing of its key is applied after it)');
    // `.loose()`: a consumer keeps the fields it does not know (a newer producer may send more); else they are dropped.
    const catchall = (eventDefs[type as EventType].data as unknown as { _zod: { def: { catchall?: unknown } } })._zod
      .def.catchall;
    facts.push(catchall ? 'fields it does not list are kept' : 'fields it does not list are dropped');
    lines.push(`${facts.join('; ')}.`);
    const comment = comments.get(type);
    if (comment) lines.push('', comment);
    lines.push('', '| Field | Type | Required |', '|---|---|---|');
    for (const [field, prop] of Object.entries<Json>(schema.properties ?? {}))
      lines.push(`| \`${field}\` | ${typeText(prop)} | ${(schema.required ?? []).includes(field) ? 'yes' : 'no'} |`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- configuration

/** The variables of a z.object schema (a refined one included: the refinement keeps the shape). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) throw new Error('a configuration schema must be a z.object');
  return shape;
}

/** A variable's default as the schema gives it: `200`, empty, unset (optional) or (required). */
export function schemaDefault(field: z.ZodType): string {
  const def = (field as unknown as { _zod: { def: { type: string; defaultValue?: unknown; innerType?: z.ZodType } } })
    ._zod.def;
  if (def.type === 'default') {
    const v = def.defaultValue;
    return v === '' ? 'empty' : `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
  }
  if (def.type === 'optional') return 'unset';
  return '(required)';
}

export interface ConfigComponent {
  /** The key in CONFIGURATION. */
  key: string;
  /** The table's title line. */
  title: string;
  /** The variables this table must describe (each one: the test fails on one without a row). */
  required: Record<string, z.ZodType>;
  /** Variables a row may also name (a service table may say more of a variable every service reads). */
  allowed: Record<string, z.ZodType>;
}

/** Every process's configuration schema, as the tables of docs/configuration.md follow them. */
export function configComponents(): ConfigComponent[] {
  const common = shapeOf(serviceEnvSchema);
  const services = SERVICES.filter((s) => s.settings).map((s): ConfigComponent => {
    const own = shapeOf(s.settings!);
    const required = Object.fromEntries(Object.entries(own).filter(([k]) => !(k in common)));
    return {
      key: s.name,
      title: `The ${s.name} service also reads (its \`settings\` schema):`,
      required,
      allowed: { ...common, ...own },
    };
  });
  return [
    {
      key: 'service',
      title: 'Every service (`services/<name>/dist/main.js`; `serviceEnvSchema` in `libs/platform/src/config.ts`):',
      required: common,
      allowed: common,
    },
    ...services,
    {
      key: 'gateway',
      title: 'Gateway (`gateway/dist/main.js`; `gatewayEnvSchema` in `gateway/src/config.ts`):',
      required: shapeOf(gatewayEnvSchema),
      allowed: shapeOf(gatewayEnvSchema),
    },
    {
      key: 'embedded',
      title: 'Embedded mode (`npm start`; `embeddedEnvSchema` in `infra/embedded/src/config.ts`) also reads:',
      required: shapeOf(embeddedEnvSchema),
      allowed: shapeOf(embeddedEnvSchema),
    },
  ];
}

/** The problems of one component's rows against its schema (none: the table can be rendered). */
export function configProblems(c: ConfigComponent, entries: ConfigEntry[] | undefined): string[] {
  if (!entries) return [`${c.key}: no rows in configuration-reference.ts`];
  const p: string[] = [];
  const documented = new Set(entries.flatMap((e) => e.vars));
  for (const v of Object.keys(c.required))
    if (!documented.has(v)) p.push(`${c.key}: ${v} is read by the schema but has no row`);
  for (const e of entries) {
    for (const v of e.vars) {
      if (e.readBy) {
        if (!readFileSync(join(ROOT, e.readBy), 'utf8').includes(v))
          p.push(`${c.key}: ${v} is said to be read by ${e.readBy}, which does not name it`);
      } else if (!(v in c.allowed)) p.push(`${c.key}: ${v} has a row but no schema reads it`);
    }
    // An override may explain a default, never contradict the one the schema applies.
    if (e.default !== undefined && !e.readBy && !e.computedDefault)
      for (const v of e.vars) {
        const d = c.allowed[v] ? schemaDefault(c.allowed[v]!) : undefined;
        if (d && d.startsWith('`') && !e.default.includes(d))
          p.push(`${c.key}: ${v}'s default is ${d}, the row says ${e.default}`);
      }
  }
  return p;
}

function configTable(c: ConfigComponent, entries: ConfigEntry[]): string {
  const rows = entries.map((e) => {
    const label = e.label ?? e.vars.map((v) => `\`${v}\``).join(', ');
    const derived = e.readBy ? ['unset'] : e.vars.map((v) => schemaDefault(c.allowed[v]!));
    const def = e.default ?? ([...new Set(derived)].length === 1 ? derived[0]! : derived.join(', '));
    return `| ${label} | ${def} | ${e.meaning} |`;
  });
  return [TITLES[c.key] ?? c.title, '', '| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The variable tables of every process, in the order configComponents gives. */
export function configurationReference(): string {
  const components = configComponents();
  const problems = components.flatMap((c) => configProblems(c, CONFIGURATION[c.key]));
  const extra = Object.keys(CONFIGURATION).filter((k) => !components.some((c) => c.key === k));
  problems.push(...extra.map((k) => `${k}: rows for a process that has no configuration schema`));
  if (problems.length) throw new Error(`docs/configuration.md cannot be generated:\n  ${problems.join('\n  ')}`);
  return components.map((c) => configTable(c, CONFIGURATION[c.key]!)).join('\n\n');
}

// ---------------------------------------------------------------- all

export function generatedParts(): GeneratedPart[] {
  return [
    { file: 'docs/events.md', name: 'events-catalogue', text: eventsCatalogue() },
    { file: 'docs/configuration.md', name: 'configuration-reference', text: configurationReference() },
  ];
}

/** Each generated file as it should be: its committed text with its parts regenerated. */
export function generatedFiles(): { file: string; committed: string; generated: string }[] {
  const parts = generatedParts();
  return [...new Set(parts.map((p) => p.file))].map((file) => {
    const committed = readFileSync(join(ROOT, file), 'utf8');
    return { file, committed, generated: withParts(file, committed, parts) };
  });
}

if (require.main === module) {
  for (const f of generatedFiles()) {
    if (f.generated === f.committed) console.log(`${f.file}: up to date`);
    else {
      writeFileSync(join(ROOT, f.file), f.generated);
      console.log(`${relative(process.cwd(), join(ROOT, f.file))}: written`);
    }
  }
}
