export * from './auth';
export * from './profile';
export * from './venues';
export * from './events';
export * from './errors';
export * from './api';
export * from './openapi';
export * from './bookings';
