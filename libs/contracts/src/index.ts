export * from './auth';
export * from './events';
