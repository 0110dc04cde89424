// `npm test`'s unit phase: every Node project's specs (the web has its own Vitest config).
module.exports = {
  testTimeout: 20000,
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
