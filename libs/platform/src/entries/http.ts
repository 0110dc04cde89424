/** `@luxe/platform/http`: routes bound to the /api contract, the caller, errors, sessions. */
export * from '../http/app';
export * from '../http/contract';
export * from '../http/internal-client';
export * from '../internal-auth';
export * from '../errors';
export * from '../correlation';
export * from '../session-store';
export * from '../redis';
export * from '../presence';
export * from '../health';
export * from '../passwords';
