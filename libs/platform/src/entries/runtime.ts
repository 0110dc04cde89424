/** `@luxe/platform/runtime`: how a service is defined and started (index.ts and main.ts of a service). */
export * from '../service-runtime';
export * from '../shutdown';
export * from '../config';
export * from '../logger';
export * from '../metrics';
export * from '../storage';
export * from '../demo';
