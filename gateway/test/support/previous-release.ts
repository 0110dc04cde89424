import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');

/** The release a rollout of this tree replaces (infra/release/previous.json). */
export function previousRelease(): { commit: string } {
  return JSON.parse(readFileSync(join(ROOT, 'infra', 'release', 'previous.json'), 'utf8')) as { commit: string };
}

/**
 * The previous release's tree, built, in a folder of its own outside the repository (cached per
 * commit: a second run reuses it). Its code comes from git (`git archive`: the clone needs the
 * commit in its history); its packages are this tree's installed ones (node_modules linked entry by
 * entry, the workspace packages `@luxe/*` pointing into its own tree), which is what a release's
 * image holds when the lockfile did not change; when it did, the figure says so in the log.
 */
export function buildPreviousRelease(commit: string, log: (line: string) => void = () => undefined): string {
  const dir = join(tmpdir(), `luxe-previous-release-${commit.slice(0, 12)}`);
  // `.built` names the tree whose packages the build links to. The cache outlives that tree (a CI
  // clone deleted after its run): a build linked to another one gets its links made again from
  // this tree's packages (its compiled code does not depend on where they are), never reused as is.
  const done = join(dir, '.built');
  if (existsSync(done)) {
    if (readFileSync(done, 'utf8').trim() === ROOT) return dir;
    linkAllModules(dir);
    writeFileSync(done, `${ROOT}\n`);
    return dir;
  }
  const present = () => {
    try {
      execFileSync('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  // A shallow clone (CI's may be one) lacks it: fetched by its id from the clone's origin.
  if (!present()) {
    try {
      execFileSync('git', ['-C', ROOT, 'fetch', '--quiet', '--depth=1', 'origin', commit], {
        stdio: 'ignore',
        timeout: 120_000,
      });
    } catch {
      // Said below.
    }
  }
  if (!present())
    throw new Error(
      `the previous release ${commit} (infra/release/previous.json) is not in this clone's history and could not be fetched from its origin`,
    );
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  if (readFileSync(join(dir, 'package-lock.json'), 'utf8') !== readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
    log(`the lockfile changed since ${commit}: the previous release runs with this tree's packages`);
  linkAllModules(dir);
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'tsconfig.build.json'],
    { cwd: dir, stdio: 'pipe' },
  );
  writeFileSync(done, `${ROOT}\n`);
  return dir;
}

/** The tree's `node_modules` (its root's and each workspace's), linked afresh to this tree's installed packages. */
function linkAllModules(dir: string): void {
  linkModules(join(ROOT, 'node_modules'), join(dir, 'node_modules'), dir);
  for (const ws of [
    'gateway',
    'web',
    ...readdirSync(join(ROOT, 'services')).map((s) => `services/${s}`),
    'libs/contracts',
    'libs/platform',
  ]) {
    const own = join(ROOT, ws, 'node_modules');
    if (existsSync(own) && existsSync(join(dir, ws))) linkModules(own, join(dir, ws, 'node_modules'), dir);
  }
}

/** `to` gets a link per entry of `from`, except the workspace packages, which point into `tree` as they do into this one. */
function linkModules(from: string, to: string, tree: string): void {
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry === '@luxe') {
      mkdirSync(join(to, entry), { recursive: true });
      for (const pkg of readdirSync(join(from, entry))) {
        // npm links a workspace as a relative path from node_modules/@luxe/ to its folder.
        const target = resolve(join(from, entry), readlinkSync(join(from, entry, pkg)));
        const inTree = join(tree, target.slice(ROOT.length + 1));
        if (existsSync(inTree)) symlinkSync(inTree, join(to, entry, pkg));
      }
      continue;
    }
    symlinkSync(join(from, entry), join(to, entry));
  }
}
