// A distributed stack run by a parent process over IPC (`fork`): tests that restart processes of a
// stack of their own use it (Jest's module runtime cannot import ES modules like stack.mjs).
// Messages: { id, cmd: 'start', opts } | { id, cmd: 'restart' | 'stopProcess' | 'startProcess', name } | { id, cmd: 'stop' };
// each is answered with { id, ok, result | error }. The stack stops when the parent goes away.
import { startStack } from './stack.mjs';

let stack = null;
const reply = (msg) => process.send?.(msg);

async function run(m) {
  switch (m.cmd) {
    case 'start': {
      stack = await startStack(m.opts ?? {});
      const { gatewayUrl, gatewayUrls, serviceUrls, instanceUrls, dbUrls, internalKeys, stripeWebhookSecret, stripeApiBase, admin, adminTokenSecret, logDir } = stack;
      return { gatewayUrl, gatewayUrls, serviceUrls, instanceUrls, dbUrls, internalKeys, stripeWebhookSecret, stripeApiBase, admin, adminTokenSecret, logDir };
    }
    case 'restart':
    case 'stopProcess':
    case 'startProcess':
      return stack[m.cmd](m.name);
    case 'processes':
      return stack.processes.list();
    case 'stop':
      await stack?.stop();
      stack = null;
      return {};
    default:
      throw new Error(`unknown command ${m.cmd}`);
  }
}

process.on('message', (m) => {
  run(m).then(
    (result) => reply({ id: m.id, ok: true, result }),
    (err) => reply({ id: m.id, ok: false, error: String(err?.stack ?? err) }),
  );
});
process.on('disconnect', () => {
  void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
});
