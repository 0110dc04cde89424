import { join } from 'node:path';
import { generateFiles, names, type Tree } from '@nx/devkit';

export interface ServiceModuleSchema {
  service: string;
  name: string;
  /** `<group>.<name>` of the /api contract, bound by the generated controller. */
  route?: string;
}

/** Adds `entry` to the array property `key` of the first `@Module({...})` (or creates the property). */
export function addToModuleArray(source: string, key: 'imports' | 'controllers' | 'providers', entry: string): string {
  const start = source.indexOf('@Module({');
  if (start < 0) throw new Error('no @Module({ ... }) found');
  const open = start + '@Module('.length;
  let depth = 0;
  let end = -1;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) {
      end = i;
      break;
    }
  }
  const body = source.slice(open + 1, end);
  const prop = new RegExp(`\\b${key}:\\s*\\[([^\\]]*)\\]`).exec(body);
  let next: string;
  if (prop) {
    const items = prop[1].trim();
    next = body.replace(prop[0], `${key}: [${items ? `${items.replace(/,\s*$/, '')}, ` : ''}${entry}]`);
  } else {
    const trimmed = body.trim();
    next = ` ${trimmed ? `${trimmed.replace(/,\s*$/, '')}, ` : ''}${key}: [${entry}] `;
  }
  return source.slice(0, open + 1) + next + source.slice(end);
}

/** Adds an import line after the last import of a file. */
export function addImport(source: string, line: string): string {
  if (source.includes(line)) return source;
  const lines = source.split('\n');
  let last = -1;
  lines.forEach((l, i) => {
    if (l.startsWith('import ')) last = i;
  });
  lines.splice(last + 1, 0, line);
  return lines.join('\n');
}

/** `nx g @luxe/tools:service-module --service=venues --name=vip-room [--route=venues.vipRoom]` */
export async function serviceModuleGenerator(tree: Tree, schema: ServiceModuleSchema): Promise<void> {
  const root = `services/${schema.service}`;
  const modulePath = `${root}/src/${schema.service}.module.ts`;
  if (!tree.exists(modulePath)) throw new Error(`no service module at ${modulePath}`);
  if (!/^[a-z][a-z0-9-]*$/.test(schema.name)) throw new Error(`name must be singular kebab-case, got "${schema.name}"`);
  if (schema.route && !/^[a-zA-Z]+\.[a-zA-Z]+$/.test(schema.route))
    throw new Error(`route must be <group>.<name> of the /api contract, got "${schema.route}"`);
  const n = names(schema.name);
  const folder = `${root}/src/${n.fileName}s`;
  if (tree.exists(folder)) throw new Error(`${folder} already exists`);
  const stamp = Date.now();
  const migrationName = `Create${n.className}s${stamp}`;
  const vars = {
    service: schema.service,
    name: n.fileName,
    noun: n.fileName.replace(/-/g, ' '),
    label: n.className.replace(/([a-z])([A-Z])/g, '$1 $2'),
    className: n.className,
    propertyName: n.propertyName,
    table: `${n.fileName.replace(/-/g, '_')}s`,
    route: schema.route ?? '',
    handlerName: schema.route ? schema.route.split('.')[1] : '',
    migrationName,
    tmpl: '',
  };
  generateFiles(tree, join(__dirname, '..', '..', 'src', 'service-module', 'files'), folder, vars);
  // The migration goes with the others.
  const migrationFile = `${root}/src/migrations/${stamp}-create-${n.fileName}s.ts`;
  tree.rename(`${folder}/migration.ts`, migrationFile);

  const migrationsIndex = `${root}/src/migrations/index.ts`;
  let m = tree.read(migrationsIndex, 'utf-8')!;
  m = addImport(m, `import { ${migrationName} } from './${stamp}-create-${n.fileName}s';`);
  m = m.replace(
    /export const migrations = \[([^\]]*)\]/,
    (_all, items: string) => `export const migrations = [${items.trim().replace(/,\s*$/, '')}, ${migrationName}]`,
  );
  tree.write(migrationsIndex, m);

  let mod = tree.read(modulePath, 'utf-8')!;
  const base = `./${n.fileName}s/${n.fileName}`;
  mod = addImport(mod, `import { TypeOrmModule } from '@nestjs/typeorm';`);
  mod = addImport(mod, `import { ${n.className}Controller } from '${base}.controller';`);
  mod = addImport(mod, `import { ${n.className} } from '${base}.entity';`);
  mod = addImport(mod, `import { ${n.className}Repository } from '${base}.repository';`);
  mod = addImport(mod, `import { ${n.className}Service } from '${base}.service';`);
  mod = addToModuleArray(mod, 'imports', `TypeOrmModule.forFeature([${n.className}])`);
  mod = addToModuleArray(mod, 'controllers', `${n.className}Controller`);
  mod = addToModuleArray(mod, 'providers', `${n.className}Service, ${n.className}Repository`);
  tree.write(modulePath, mod);

  const indexPath = `${root}/src/index.ts`;
  let idx = tree.read(indexPath, 'utf-8')!;
  idx = addImport(idx, `import { ${n.className} } from '${base}.entity';`);
  idx = /entities: \[/.test(idx)
    ? idx.replace(
        /entities: \[([^\]]*)\]/,
        (_a, items: string) => `entities: [${items.trim().replace(/,\s*$/, '')}, ${n.className}]`,
      )
    : idx.replace(/(\n\s*migrations,\n)/, `$1  entities: [${n.className}],\n`);
  tree.write(indexPath, idx);
}

export default serviceModuleGenerator;
