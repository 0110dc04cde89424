// @ts-check
// The demo accounts the benchmarks sign in as (seeded by the demo data; DEMO_PASSWORD when set).

export const DEMO_HOST = 'host@demo.luxeswipe.test';
export const demoPassword = () => process.env.DEMO_PASSWORD ?? 'luxeswipe-demo';

/**
 * Signs a demo account in through the gateway; resolves to its session cookie (`name=value`).
 * @param {string} gatewayUrl
 * @param {string} [email]
 */
export async function demoLogin(gatewayUrl, email = DEMO_HOST) {
  const r = await fetch(`${gatewayUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword() }),
  });
  if (r.status !== 200) throw new Error(`${email} login: ${r.status} ${await r.text()}`);
  return r.headers.getSetCookie()[0].split(';')[0];
}
