// Unit specs of infra/scripts' pure modules (next to the code). The scripts themselves are ES modules
// run by node; what a spec loads is CommonJS (`*.cjs`), which Jest requires as it is, or TypeScript
// (the docs generator), which imports the libs' and processes' sources: the mapper sends a @luxe/*
// import to its source (as infra/scripts/docs/tsconfig.json's paths do for npm run docs:generate),
// so no build is needed first.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'infra-scripts',
  rootDir: __dirname,
  testMatch: ['<rootDir>/*.spec.ts'],
  moduleNameMapper: {
    '^@luxe/contracts$': '<rootDir>/../../libs/contracts/src/index.ts',
    '^@luxe/platform$': '<rootDir>/../../libs/platform/src/index.ts',
    '^@luxe/platform/(.*)$': '<rootDir>/../../libs/platform/src/entries/$1.ts',
    '^@luxe/gateway$': '<rootDir>/../../gateway/src/index.ts',
    '^@luxe/(identity|venues|bookings|social|messaging|payments|admin|notifications)$': '<rootDir>/../../services/$1/src/index.ts',
  },
};
