import type { Plugin } from 'vite';
// The build tool reads the contract's source, as the web client does (no `build:ts` needed first).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { api, routeRefs } from '../libs/contracts/src/index';

const ID = 'virtual:luxe-route-refs';

/**
 * `virtual:luxe-route-refs`: every `/api` contract entry as `{ method, path }`, derived from the
 * contract when the client is built (no second copy to keep in step). Code on the first screen
 * calls the API through it, so the landing page does not load zod and the schemas
 * (web/src/lib/route-refs.ts).
 */
export function routeRefsPlugin(): Plugin {
  return {
    name: 'luxe-route-refs',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(routeRefs(api))};` : null),
  };
}
