// Unit specs next to the code (`*.spec.ts` under src/).
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'embedded',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
