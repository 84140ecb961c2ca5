export * from './enums';
export * from './format';
export * from './routes';
export * from './errors';
export * from './socket';
export * from './api/health';
export * from './api/feedback';
export * from './api/app';
