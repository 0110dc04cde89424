// @ts-check
// `npm run keys:internal`: prints a fresh Ed25519 key pair for internal calls, as env lines
// (base64 of the DER, one line each): INTERNAL_AUTH_PRIVATE_KEY for the gateway only,
// INTERNAL_AUTH_PUBLIC_KEY for every service. The embedded mode and the test stacks make their
// own pair at each start; this is for the distributed mode and docker compose.
import { generateKeyPairSync } from 'node:crypto';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
console.log(`INTERNAL_AUTH_PRIVATE_KEY=${privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64')}`);
console.log(`INTERNAL_AUTH_PUBLIC_KEY=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`);
