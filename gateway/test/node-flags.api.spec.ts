import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { inject } from './support/provided';

// Every deployable runs node with infra/node-flags (a young generation of a fixed size, so its
// memory does not rise and fall with the allocation rate): the stack's processes, as the container
// images' command does (checked by test-containers.sh).
const ROOT = resolve(__dirname, '..', '..');
const services = inject('serviceUrls');
// The gateway serves its metrics on a listener of its own, never on its public port (issue 30.11).
const gatewayMetrics = inject('gatewayMetricsUrl');
const flags = readFileSync(join(ROOT, 'infra', 'node-flags'), 'utf8')
  .trim()
  .split(/\s+/);

/** The command lines of this checkout's running deployables (gateway/dist/main.js, services/<s>/dist/main.js). */
function deployableProcesses(): { script: string; args: string[] }[] {
  const out: { script: string; args: string[] }[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // gone meanwhile
    }
    const script = argv.find((a) => a.startsWith(ROOT) && /\/(gateway|services\/\w+)\/dist\/main\.js$/.test(a));
    if (script) out.push({ script: script.slice(ROOT.length + 1), args: argv.slice(1, argv.indexOf(script)) });
  }
  return out;
}

describe('node flags of the deployables', () => {
  it('the file sets the young generation to one size (min = max)', () => {
    const min = Number(/^--min-semi-space-size=(\d+)$/.exec(flags.find((f) => f.startsWith('--min-semi')) ?? '')?.[1]);
    const max = Number(/^--max-semi-space-size=(\d+)$/.exec(flags.find((f) => f.startsWith('--max-semi')) ?? '')?.[1]);
    expect(min).toBeGreaterThan(0);
    expect(max).toBe(min);
  });

  it("the stack's gateway and seven services run node with them", () => {
    const procs = deployableProcesses();
    const scripts = ['gateway/dist/main.js', ...Object.keys(services).map((s) => `services/${s}/dist/main.js`)];
    for (const script of scripts) {
      const found = procs.filter((p) => p.script === script);
      expect({ script, running: found.length > 0 }).toEqual({ script, running: true });
      for (const p of found)
        expect({ script, flags: flags.filter((f) => !p.args.includes(f)) }).toEqual({ script, flags: [] });
    }
  });

  it("and V8 took them: each process's new space is semi-spaces of that size", async () => {
    const min = Number(/--min-semi-space-size=(\d+)/.exec(flags.join(' '))?.[1]);
    for (const [name, url] of [['gateway', gatewayMetrics], ...Object.entries(services)]) {
      const text = await (await fetch(`${url}/metrics`)).text();
      const newSpaceMiB =
        Number(/^nodejs_heap_space_size_total_bytes\{space="new"[^}]*\} (\d+)/m.exec(text)?.[1]) / 2 ** 20;
      // Two semi-spaces; one while V8 has given back the unused one (an idle process's memory reducer).
      expect({ name, semiSpacesOfThatSize: [1, 2].includes(newSpaceMiB / min), newSpaceMiB }).toEqual({
        name,
        semiSpacesOfThatSize: true,
        newSpaceMiB,
      });
    }
  });
});
