// @ts-check
// The scripts' one command-line parser: node's own util.parseArgs, strict, so an option a script
// does not know (a typo such as `--dryrun`) stops it with its usage instead of being ignored.
// The jobs image carries this file beside the jobs that use it (infra/docker/Dockerfile).
import { parseArgs } from 'node:util';

/** EX_USAGE (sysexits.h): the exit code of every script given a bad command line. */
export const EXIT_USAGE = 64;

/**
 * Parses `process.argv` (or `args`) with the options given. `--help`/`-h` prints the usage and
 * exits 0 (the containers phase runs the operator tools so in the jobs image); an unknown option,
 * a missing value, or a positional where none is allowed prints the error and the usage and exits 64.
 * @template {import('node:util').ParseArgsConfig['options']} O
 * @template {boolean} [P=false]
 * @param {{ usage: string, options: O, allowPositionals?: P, args?: string[] }} spec
 */
export function parseCommandLine({ usage, options, allowPositionals, args = process.argv.slice(2) }) {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, allowPositionals: allowPositionals ?? /** @type {P} */ (false), strict: true });
  } catch (err) {
    return usageError(err instanceof Error ? err.message : String(err), usage);
  }
}

/**
 * Prints what was wrong with the command line (if anything is said) and the usage, and exits 64.
 * @param {string} message
 * @param {string} usage
 * @returns {never}
 */
export function usageError(message, usage) {
  console.error(message ? `${message}\n${usage}` : usage);
  process.exit(EXIT_USAGE);
}
