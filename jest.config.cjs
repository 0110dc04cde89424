// `npm test`'s unit phase: every Node project's specs (the web has its own Vitest config).
module.exports = {
  projects: ['libs/contracts', 'libs/platform', 'gateway', 'services/*', 'infra/embedded', 'infra/nx'].map((p) => `<rootDir>/${p}`),
};
