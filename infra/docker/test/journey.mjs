// The containers' end-to-end check (infra/scripts/test-containers.sh): through the gateway (HTTP),
// a new user registers and signs in with the session cookie (the web client's X-Requested-With header),
// uploads a photo from the host to the presigned URL and reads it back; then identity's user-registered event
// must reach messaging (Kafka): messaging keeps a card per user (user_cards, its read model of the
// names it shows next to conversations), looked up in messaging's own database.
//   node infra/docker/test/journey.mjs <gateway URL> <messaging container's env file>
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');
const [gateway, messagingEnvFile] = process.argv.slice(2);
const dbUrl = readFileSync(messagingEnvFile, 'utf8')
  .split('\n')
  .find((l) => l.startsWith('DATABASE_URL='))
  ?.slice('DATABASE_URL='.length);
if (!dbUrl) throw new Error(`no DATABASE_URL in ${messagingEnvFile}`);

const call = async (method, path, body, cookie) => {
  const r = await fetch(`${gateway}${path}`, {
    method,
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null, cookie: r.headers.get('set-cookie')?.split(';')[0] };
};
const expect = (ok, what, got) => {
  if (!ok) throw new Error(`${what}; got ${JSON.stringify(got)}`);
  console.log(`ok: ${what}`);
};

const email = `ctr-${randomUUID().slice(0, 8)}@luxeswipe.test`;
const password = 'correct-horse-battery';
const reg = await call('POST', '/api/auth/register', {
  email,
  password,
  firstName: 'Ada',
  lastName: 'Container',
  city: 'Miami, FL',
  state: 'Florida',
  userType: 'host',
});
expect(
  reg.status === 201 && reg.body?.email === email && reg.cookie,
  'POST /api/auth/register answers 201 with the new user and a session cookie',
  { status: reg.status, body: reg.body },
);
const userId = reg.body.id;
const login = await call('POST', '/api/auth/login', { email, password });
expect(
  login.status === 200 && login.body?.id === userId && login.cookie,
  'POST /api/auth/login answers 200 with the same user and a session cookie',
  { status: login.status, body: login.body },
);
const me = await call('GET', '/api/auth/me', null, login.cookie);
expect(me.status === 200 && me.body?.id === userId, 'GET /api/auth/me with that cookie is the user', {
  status: me.status,
  body: me.body,
});
const wrong = await call('POST', '/api/auth/login', { email, password: 'not-the-password' });
expect(wrong.status === 401, 'a wrong password is refused (401)', { status: wrong.status, body: wrong.body });

// A photo: the presigned POST the stack hands out is used from the host, as a browser would (compose's
// S3_PUBLIC_ENDPOINT; the in-network http://minio:9000 would not resolve here): the form's fields,
// the Content-Type, the file last (web/src/lib/upload-form.ts); then the stored, checked photo is
// read back through its redirect.
const sharp = require('sharp');
const jpeg = await sharp({ create: { width: 16, height: 12, channels: 3, background: { r: 200, g: 30, b: 60 } } })
  .jpeg()
  .toBuffer();
const up = await call('POST', `/api/users/${userId}/upload-url`, null, login.cookie);
expect(
  up.status === 200 && up.body?.uploadURL && up.body?.fields,
  'POST /api/users/:id/upload-url answers a presigned POST',
  { status: up.status, body: up.body },
);
const form = new FormData();
for (const [k, v] of Object.entries(up.body.fields)) form.append(k, v);
form.append('Content-Type', 'image/jpeg');
form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
const posted = await fetch(up.body.uploadURL, {
  method: 'POST',
  body: form,
  signal: AbortSignal.timeout(15_000),
}).catch((e) => ({ status: `${e.name}: ${e.cause?.code ?? e.message}` }));
expect(
  posted.status === 204,
  `the photo is POSTed from the host to the presigned URL (${new URL(up.body.uploadURL).origin})`,
  { status: posted.status },
);
const kept = await call('PUT', `/api/users/${userId}/images`, { imageURL: up.body.objectPath }, login.cookie);
expect(kept.status === 200 && kept.body?.objectPath, 'PUT /api/users/:id/images checks and keeps it', {
  status: kept.status,
  body: kept.body,
});
const redirect = await fetch(`${gateway}${kept.body.objectPath}`, {
  redirect: 'manual',
  signal: AbortSignal.timeout(15_000),
});
const location = redirect.headers.get('location');
expect(redirect.status === 302 && location, `GET ${kept.body.objectPath} redirects to the stored photo`, {
  status: redirect.status,
  location,
});
const stored = await fetch(location, { signal: AbortSignal.timeout(15_000) }).then(
  async (r) => ({ status: r.status, body: Buffer.from(await r.arrayBuffer()) }),
  (e) => ({ status: `${e.name}: ${e.cause?.code ?? e.message}` }),
);
const meta = stored.status === 200 ? await sharp(stored.body).metadata() : null;
expect(
  meta?.format === 'jpeg' && meta.width === 16 && meta.height === 12,
  `the photo is read back from the host (${new URL(location).origin}): a 16x12 JPEG`,
  { status: stored.status, format: meta?.format },
);

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
try {
  const end = Date.now() + 60_000;
  let row;
  while (Date.now() < end) {
    row = (await db.query('SELECT * FROM user_cards WHERE user_id = $1', [userId])).rows[0];
    if (row) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(
    row && row.first_name === 'Ada' && row.last_name === 'Container',
    `messaging has the user's card from identity.user-registered (user_cards, within 60 s)`,
    row ?? null,
  );
} finally {
  await db.end();
}
