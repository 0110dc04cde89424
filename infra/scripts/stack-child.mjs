// @ts-check
// A distributed stack run by a parent process over IPC (`fork`): tests that restart processes of a
// stack of their own use it (Jest's module runtime cannot import ES modules like stack.mjs).
// Messages: { id, cmd: 'start', opts } | { id, cmd: 'restart' | 'stopProcess' | 'startProcess', name } | { id, cmd: 'stop' };
// each is answered with { id, ok, result | error }. The stack stops when the parent goes away.
import { startStack } from './stack.mjs';

/** @typedef {{ id: number, cmd: 'start', opts?: import('./stack.mjs').StackOptions } | { id: number, cmd: 'restart' | 'stopProcess' | 'startProcess', name: string } | { id: number, cmd: 'processes' | 'stop' }} Command */

/** @type {import('./stack.mjs').Stack | null} */
let stack = null;
/** @param {{ id: number, ok: boolean, result?: unknown, error?: string }} msg */
const reply = (msg) => process.send?.(msg);

/** @param {Command} m */
async function run(m) {
  switch (m.cmd) {
    case 'start': {
      stack = await startStack(m.opts ?? {});
      // What crosses IPC: the stack's data. Its methods and process table stay here (the commands below reach them).
      return Object.fromEntries(
        Object.entries(stack).filter(([key, value]) => typeof value !== 'function' && key !== 'processes'),
      );
    }
    case 'restart':
    case 'stopProcess':
    case 'startProcess':
      if (!stack) throw new Error(`${m.cmd}: the stack is not started`);
      return stack[m.cmd](m.name);
    case 'processes':
      if (!stack) throw new Error('processes: the stack is not started');
      return stack.processes.list();
    case 'stop':
      await stack?.stop();
      stack = null;
      return {};
    default:
      throw new Error(`unknown command ${/** @type {{ cmd: unknown }} */ (m).cmd}`);
  }
}

process.on('message', (message) => {
  const m = /** @type {Command} the parent (gateway/test/support/own-stack.ts) sends only these */ (message);
  run(m).then(
    (result) => reply({ id: m.id, ok: true, result }),
    (err) => reply({ id: m.id, ok: false, error: String(err?.stack ?? err) }),
  );
});
process.on('disconnect', () => {
  void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
});
