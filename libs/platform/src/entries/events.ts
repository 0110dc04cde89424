/** `@luxe/platform/events`: publishing (outbox) and consuming (typed @OnEvent handlers, inbox). */
export * from '../outbox';
export * from '../inbox';
export * from '../erasure';
export * from '../transport/transport';
export * from '../transport/in-process';
export * from '../transport/kafka';
export * from '../transport/consumer';
export * from '../transport/on-event';
export * from '../realtime-push';
