// Unit specs next to the code (`*.spec.ts` under src/).
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'platform',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
