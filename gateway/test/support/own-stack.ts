import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

/** What a stack of a test's own reports once started (infra/scripts/stack.mjs). */
export interface OwnStack {
  gatewayUrls: string[];
  /** Each gateway's metrics listener (`GET /metrics` there). */
  gatewayMetricsUrls: string[];
  serviceUrls: Record<string, string>;
  instanceUrls: Record<string, string[]>;
  dbUrls: Record<string, string>;
  admin: { email: string; password: string };
  logDir: string;
  stripeWebhookSecret: string | null;
  stripeApiBase: string | null;
  /** SIGTERM one process (`social`, `social-2`, `gateway-2`), wait for its exit, start it again, wait until ready. */
  restart(
    name: string,
  ): Promise<{ stop: { code: number | null; signal: string | null; ms: number }; start: { ms: number } }>;
  /** SIGTERM one process and wait for its exit (it stays down until startProcess). */
  stopProcess(name: string): Promise<{ code: number | null; signal: string | null; ms: number }>;
  /** Start a stopped process again and wait until it is ready. */
  startProcess(name: string): Promise<{ ms: number }>;
  stop(): Promise<void>;
}

/**
 * Starts a distributed stack of the test's own in a child process (infra/scripts/stack-child.mjs)
 * and controls it over IPC: for tests that restart its processes (the shared stack is not theirs).
 * `tree`: another checkout whose stack to run (its own stack-child.mjs runs its own builds: the
 * previous release, rolling-upgrade.api.spec.ts).
 */
export async function startOwnStack(
  opts: Record<string, unknown>,
  tree = join(__dirname, '..', '..', '..'),
): Promise<OwnStack> {
  const child: ChildProcess = fork(join(tree, 'infra', 'scripts', 'stack-child.mjs'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.ok) w?.resolve(m.result);
    else w?.reject(new Error(m.error));
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the stack process exited (${code})`));
    waiting.clear();
  });
  const call = <T>(msg: Record<string, unknown>): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      child.send({ ...msg, id });
    });
  const info = await call<Omit<OwnStack, 'restart' | 'stopProcess' | 'startProcess' | 'stop'>>({
    cmd: 'start',
    opts,
  }).catch(async (err) => {
    child.kill('SIGTERM');
    throw err;
  });
  return {
    ...info,
    restart: (name) => call({ cmd: 'restart', name }),
    stopProcess: (name) => call({ cmd: 'stopProcess', name }),
    startProcess: (name) => call({ cmd: 'startProcess', name }),
    stop: async () => {
      if (child.exitCode !== null) return;
      await call({ cmd: 'stop' }).catch(() => undefined);
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      await exited;
    },
  };
}
