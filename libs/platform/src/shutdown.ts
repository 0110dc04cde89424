import type { Logger } from './logger';

/**
 * Response header a service sets while it drains (it got SIGTERM and will stop listening soon):
 * the gateway takes that instance out of its rotation on the first such answer, before its port
 * closes, so no new request is sent to it.
 */
export const DRAINING_HEADER = 'x-luxe-draining';

/** Whether the process is draining: readiness answers 503 and every response closes its connection. */
export class DrainState {
  private since: number | null = null;
  get draining(): boolean {
    return this.since !== null;
  }
  start(now = Date.now()): void {
    this.since ??= now;
  }
}

/** One step of a graceful stop, in order. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<unknown> | unknown;
}

/**
 * The first step of every graceful stop: the process says it is draining (readiness 503, the
 * draining header) and keeps serving for `ms`, while whoever routes to it takes it out of rotation.
 */
export function drainStep(drain: DrainState, ms: number | undefined): ShutdownStep {
  return {
    name: 'drain',
    run: async () => {
      drain.start();
      if (ms) await new Promise((r) => setTimeout(r, ms));
    },
  };
}

/**
 * Runs the steps of a graceful stop one after the other (a failing step is logged and the next
 * still runs), within `timeoutMs` overall. Resolves true when every step finished in time.
 */
export async function runShutdown(
  steps: ShutdownStep[],
  logger: Pick<Logger, 'info' | 'error'>,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let ok = true;
  const all = (async () => {
    for (const step of steps) {
      const started = Date.now();
      try {
        await step.run();
        logger.info({ step: step.name, ms: Date.now() - started }, 'shutdown step done');
      } catch (err) {
        ok = false;
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
    return ok;
  })();
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish in time');
      resolve(false);
    }, timeoutMs);
    timer.unref?.();
  });
  try {
    return await Promise.race([all, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `stop` once on the first SIGTERM or SIGINT, then exits with 0 (stopped cleanly) or 1. A
 * second signal while stopping exits at once with 1 (an operator insisting). Returns a function
 * that removes the listeners.
 */
export function exitOnStopSignals(
  stop: (signal: NodeJS.Signals) => Promise<boolean>,
  logger: Pick<Logger, 'info' | 'warn'>,
  proc: Pick<NodeJS.Process, 'on' | 'off' | 'exit'> = process,
): () => void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second stop signal: exiting now');
      proc.exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal }, 'stop signal: shutting down gracefully');
    void stop(signal).then(
      (ok) => proc.exit(ok ? 0 : 1),
      () => proc.exit(1),
    );
  };
  proc.on('SIGTERM', onSignal);
  proc.on('SIGINT', onSignal);
  return () => {
    proc.off('SIGTERM', onSignal);
    proc.off('SIGINT', onSignal);
  };
}
