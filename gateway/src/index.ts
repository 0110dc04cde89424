export * from './config';
export * from './gateway';
export * from './auth/auth.handlers';
export * from './routes/pipeline';
export * from './auth/rate-limit';
export * from './routes/own-handlers';
