/** `@luxe/platform/db`: DataSource, migrations, the erasure checkpoint table. */
export * from '../database';
export {
  CreateUserErasures1700000003000,
  ERASURE_MIGRATIONS,
  erasureKey,
  HashUserErasures1700000005000,
  upsertUnlessErased,
  UserErasureService,
} from '../erasure';
