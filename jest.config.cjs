// `npm test`'s unit phase: every Node project's specs (the web has its own Vitest config).
module.exports = {
  testTimeout: 20000,
  // Jest's default leaves one core to the parent process (one worker on a two-core machine); the
  // parent does little, so every core runs specs.
  maxWorkers: '100%',
  projects: [
    'libs/contracts',
    'libs/platform',
    'gateway',
    'services/*',
    'infra/embedded',
    'infra/nx',
    'infra/scripts',
  ].map((p) => `<rootDir>/${p}`),
};
