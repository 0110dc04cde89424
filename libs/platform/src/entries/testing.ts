/** `@luxe/platform/testing`: aids for tests (waiting, rejections). */
export * from '../testing';
