export * from './service-module/generator';
