// Shared Jest setup of every Node project (libs, services, gateway, infra): SWC compiles the
// TypeScript with Nest's decorator metadata, the way the build does.
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: { target: 'es2022', parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true } },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // ESM-only packages deep in the tree are compiled to CommonJS too (Jest cannot require ESM before Node 24.9).
  transformIgnorePatterns: ['^(?!.*/node_modules/content-disposition/).*/node_modules/'],
  testTimeout: 20000,
};
