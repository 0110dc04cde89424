// Unit specs of infra/scripts' pure modules (next to the code). The scripts themselves are ES modules
// run by node; what a spec loads is CommonJS (`*.cjs`), which Jest requires as it is, or TypeScript.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'infra-scripts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
};
