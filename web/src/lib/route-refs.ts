import type { api, RouteRefs } from '@luxe/contracts';
import refs from 'virtual:luxe-route-refs';

/**
 * The contract's routes reduced to method and path (generated from the contract at build time by
 * web/route-refs.plugin.ts). `callApi(apiRefs.auth.me, …)` is typed by the full entry but loads no
 * schema: for code that runs on every first screen (the session check).
 */
export const apiRefs = refs as RouteRefs<typeof api>;
