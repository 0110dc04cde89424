// What each configuration variable means, for the tables of docs/configuration.md. The variables
// themselves and their defaults come from the schemas each process validates at start
// (generate.ts beside it reads them); the rows here say what no schema can: what a
// variable is for and what its default amounts to. The drift test fails on a variable a schema reads
// without a row here, and on a row naming a variable no schema reads.
import { SERVICES } from '@luxe/gateway';

export interface ConfigEntry {
  /** The variables of one row (several when they go together). */
  vars: string[];
  /** The row's first cell, when it is not the variables' names. */
  label?: string;
  /** The default as a reader needs it, when the schema's alone does not say it (computed, conditional); it must include the schema's own default. */
  default?: string;
  /** The schema's default is computed where the process runs (a path): the row says it in general terms instead. */
  computedDefault?: true;
  /** A variable read outside the configuration schemas: the file that reads it. */
  readBy?: string;
  meaning: string;
}

/** Rows per process: `service` (every service), each service with its own settings by name, `gateway`, `embedded`. */
export const CONFIGURATION: Record<string, ConfigEntry[]> = {
  service: [
    {
      vars: ['PORT'],
      meaning:
        'HTTP port (identity 3101, venues 3102, bookings 3103, social 3104, messaging 3105, payments 3106, admin 3107, notifications 3108 in distributed mode)',
    },
    { vars: ['HOST'], meaning: 'Bind address' },
    { vars: ['DATABASE_URL'], meaning: '`postgres://…/luxe_<service>`' },
    {
      vars: ['INTERNAL_AUTH_PUBLIC_KEY'],
      meaning:
        "The gateway's Ed25519 public key (PEM, PEM with `\\n` escapes, or base64 DER; `npm run keys:internal` prints a pair): checks internal calls. A service given `INTERNAL_AUTH_PRIVATE_KEY` refuses to start.",
    },
    {
      vars: ['INTERNAL_AUTH_PRIVATE_KEY'],
      meaning:
        'Refused: a service given it does not start (only the gateway signs internal calls; a service gets `INTERNAL_AUTH_PUBLIC_KEY`)',
    },
    {
      vars: ['INTERNAL_AUTH_PUBLIC_KEY_PREVIOUS'],
      meaning:
        'During a rotation of the internal key pair: the previous public key, still accepted (see [the runbook](runbook.md#runbook-internal-keys))',
    },
    { vars: ['EVENT_TRANSPORT'], meaning: 'Only `kafka`: the in-process bus exists inside the embedded launcher only' },
    { vars: ['KAFKA_BROKERS'], default: '(required)', meaning: 'Comma-separated `host:port`' },
    {
      vars: ['KAFKA_GROUP_PREFIX', 'KAFKA_TOPIC_PREFIX'],
      meaning:
        'Prefixes of consumer groups and topics, so environments sharing a broker stay apart (test stacks use `test<id>.`)',
    },
    {
      vars: ['KAFKA_REPLICATION_FACTOR', 'KAFKA_MIN_INSYNC_REPLICAS'],
      meaning:
        'Replicas of each topic and those that must have a write (production: 3 and 2); the producer is idempotent with `acks=all`',
    },
    {
      vars: ['KAFKA_TOPIC_PARTITIONS'],
      meaning:
        'Partitions of each topic created (`npm run topics`, or a service finding one missing); a consumer group reads with at most one instance per partition, so at least the most instances of any process (the chart: `kafka.partitions`, 6). Existing topics keep theirs (see [the runbook](runbook.md#runbook-partitions))',
    },
    {
      vars: ['REDIS_URL'],
      default: '(identity, venues, messaging)',
      meaning:
        '`redis://…`, or `memory`. The client auto-pipelines: the commands of one event-loop turn go as one write',
    },
    {
      vars: ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION', 'S3_BUCKET'],
      default: 'region `us-east-1`, bucket `luxe-<service>`',
      meaning: 'S3-compatible storage (identity: member photos)',
    },
    {
      vars: ['S3_PUBLIC_ENDPOINT'],
      default: '`S3_ENDPOINT`',
      meaning:
        'Where browsers reach the storage when services use an internal name (presigned upload and photo URLs are signed for it)',
    },
    {
      vars: ['OUTBOX_POLL_MS'],
      meaning: 'Relay poll interval (a fallback: committed rows wake the relay by `NOTIFY`)',
    },
    { vars: ['OUTBOX_MAX_ATTEMPTS'], meaning: 'Failed publishes of one row before it is parked' },
    { vars: ['OUTBOX_BATCH_BYTES'], meaning: 'Envelope bytes per publish request at most' },
    {
      vars: ['OUTBOX_RETENTION_HOURS', 'INBOX_RETENTION_HOURS'],
      meaning:
        "Published outbox rows (they hold personal data) and inbox rows (past the topics' 7-day retention) are deleted after this",
    },
    {
      vars: ['CONSUMER_MAX_ATTEMPTS', 'CONSUMER_BACKOFF_MS', 'CONSUMER_MAX_BACKOFF_MS'],
      meaning:
        'Attempts before dead-lettering an unknown failure (infrastructure failures retry without limit); first backoff, doubling up to the maximum',
    },
    { vars: ['SEED_DEMO_DATA'], meaning: 'Seed demo accounts at start (refused when `NODE_ENV=production`)' },
    { vars: ['DEMO_PASSWORD'], meaning: 'Password of the demo accounts (at least 8 characters)' },
    { vars: ['OUTBOX_RELAY_FAULT'], meaning: 'Test fault injection (`crash-after-publish`); refused in production' },
    {
      vars: ['METRICS_ENABLED'],
      meaning: "Prometheus metrics on `GET /metrics` of the service's port (see [Metrics](architecture.md#metrics))",
    },
    {
      vars: ['SHUTDOWN_DRAIN_MS'],
      meaning:
        'On SIGTERM, how long the service keeps serving while `/health/ready` answers 503 and every answer says `connection: close` and `x-luxe-draining: 1` (the gateway stops choosing it), before it stops listening (see [Graceful stop](architecture.md#graceful-stop-and-several-instances))',
    },
    {
      vars: ['SHUTDOWN_TIMEOUT_MS'],
      meaning: 'The longest the whole graceful stop may take; past it the process exits with code 1',
    },
    {
      vars: ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'],
      readBy: 'libs/platform/src/tracing.ts',
      meaning:
        'OpenTelemetry traces by OTLP/HTTP (JSON) to this collector (`…/v1/traces` is added to the first); unset, or `OTEL_SDK_DISABLED=true`: no traces, and no instrumentation is loaded. `OTEL_BSP_SCHEDULE_DELAY` (ms, default 5000): how often spans are sent. The gateway and the embedded mode read them too (see [Traces](architecture.md#traces))',
    },
    {
      vars: ['NODE_ENV', 'LOG_LEVEL'],
      meaning:
        "In production, `REDIS_URL=memory`, demo seeding, the test fault and payments' `PAYMENT_PROVIDER=test` are refused at start",
    },
  ],
  payments: [
    {
      vars: ['PAYMENT_PROVIDER'],
      default: '`stripe` (embedded mode: `test` unless `STRIPE_SECRET_KEY` is set)',
      meaning:
        "Who takes card payments: `stripe`, or `test`, the test provider (Stripe's test card numbers, no card charged; see [the embedded mode](deployment.md#modes-of-running)). `GET /api/payments/config` names it (`provider`). Refused at start in production (`NODE_ENV=production`), as `REDIS_URL=memory` is",
    },
    {
      vars: ['TEST_PAYMENT_WEBHOOK_SECRET'],
      default: 'one per process (embedded mode: one per data folder, file `test-payments-webhook-secret`)',
      meaning: "The test provider's own signing secret for the events it delivers to the webhook handler",
    },
    {
      vars: ['TEST_PAYMENT_PROCESSING_MS'],
      meaning: 'How long the test card 4000 0025 0000 3155 stays processing before it succeeds',
    },
    { vars: ['STRIPE_SECRET_KEY'], meaning: 'Stripe secret key (`sk_test_…`/`sk_live_…`): creates PaymentIntents' },
    {
      vars: ['STRIPE_PUBLISHABLE_KEY'],
      meaning: "Publishable key (`pk_…`) the payment page's card form uses (`GET /api/payments/config`)",
    },
    {
      vars: ['STRIPE_WEBHOOK_SECRET'],
      default: 'unset; required with the secret key',
      meaning: 'Signing secret of the endpoint `POST /api/webhooks/stripe` (signature checked on the raw body)',
    },
    {
      vars: ['STRIPE_API_BASE'],
      default: "Stripe's",
      meaning:
        'Another API base: stripe-mock in tests (`http://127.0.0.1:12111`); the test stack then uses dummy test keys and a signing secret of its own',
    },
    {
      vars: ['SPLIT_SWEEP_MS'],
      meaning:
        "How often split payments past their deadline are settled (the host's card charged for unpaid shares, or the booking released and paid shares refunded); the test stack uses 500",
    },
  ],
  bookings: [
    {
      vars: ['PASS_SIGNING_SECRET'],
      default:
        "random per process; required in production (the embedded mode: its data folder's own, see `EMBEDDED_DATA_DIR`)",
      meaning:
        "Signs the attendees' door passes (HMAC-SHA256, at least 32 characters); every bookings process of a deployment needs the same one, and changing it voids the passes handed out (their door codes still work)",
    },
    {
      vars: ['HOLD_SWEEP_MS'],
      meaning:
        'How often holds past their expiry are marked expired and their PaymentIntents cancelled (the slot is free from the moment the hold expires anyway); the test stack uses 500',
    },
  ],
  admin: [
    {
      vars: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
      meaning:
        'Creates this admin account at start when no account has the email (password at least 12 characters; both or neither)',
    },
    { vars: ['ADMIN_NAME'], meaning: 'Its display name' },
  ],
  notifications: [
    {
      vars: ['SMTP_URL'],
      default: 'unset (no email, in-app only); required in production unless `EMAIL_DISABLED=true`',
      meaning:
        "Where emails go: `smtp://` or `smtps://` with credentials. infra/local's Mailpit (`smtp://127.0.0.1:51025`, its mailbox at `http://127.0.0.1:58025`) in development and tests",
    },
    {
      vars: ['EMAIL_DISABLED'],
      meaning: '`true`: no email at all, on purpose (production then starts without `SMTP_URL`)',
    },
    {
      vars: ['EMAIL_TRANSPORT'],
      default: '`smtp` (embedded mode: `demo` unless `SMTP_URL` is set)',
      meaning: '`demo` keeps emails for the demo mailbox (`/mailbox`) instead of sending them; refused in production',
    },
    { vars: ['EMAIL_FROM'], meaning: 'The sender' },
    { vars: ['PUBLIC_WEB_URL'], meaning: "Where emails' links (and unsubscribe links) open the web app" },
    {
      vars: ['EMAIL_SEND_MS'],
      meaning:
        'How often queued emails are sent (a failed one is tried again after 2 s, 4 s, … at most 10 minutes); the test stack uses 200',
    },
    {
      vars: ['MESSAGE_EMAIL_AFTER_MS'],
      meaning:
        'Messages are emailed, in one email, to a member whose message notifications stay unread this long with no live socket open since the first arrived (the gateways keep presence in Redis); the test stack uses 2000',
    },
    { vars: ['MESSAGE_DIGEST_MS'], meaning: 'How often members with unread messages are looked at for that email' },
    {
      vars: ['REMINDER_POLL_SECONDS'],
      meaning:
        "How often due booking reminders (a day and 2 hours before a booking, pg-boss in the service's own database, schema `pgboss`) are looked for",
    },
    {
      vars: ['REDIS_URL'],
      default: "required (as identity's)",
      meaning: 'Presence: whether a member has a live socket open',
    },
  ],
  gateway: [
    {
      vars: ['NODE_ENV', 'LOG_LEVEL'],
      meaning:
        'As for a service; in production the gateway also refuses `REDIS_URL=memory` and needs `ADMIN_TOKEN_SECRET`',
    },
    { vars: ['PORT', 'HOST'], meaning: 'Where the gateway listens' },
    { vars: ['REDIS_URL'], meaning: 'Sessions and rate limits' },
    {
      vars: ['INTERNAL_AUTH_PRIVATE_KEY'],
      meaning: 'Ed25519 private key that signs internal calls (only the gateway holds it)',
    },
    {
      vars: SERVICES.map((s) => `SERVICE_URL_${s.toUpperCase()}`),
      label: '`SERVICE_URL_IDENTITY` … `SERVICE_URL_NOTIFICATIONS`',
      meaning:
        'Base URL of each of the eight services; several instances of one: their URLs separated by commas (used in turn; one that refuses a connection or says it is draining leaves the rotation until its `/health/ready` answers 200)',
    },
    { vars: ['WEB_DIST_DIR'], default: '`web/dist`', meaning: 'Built web client to serve' },
    { vars: ['SESSION_COOKIE_NAME'], meaning: 'Name of the session cookie' },
    { vars: ['COOKIE_SECURE'], default: '`true` in production', meaning: '`Secure` flag on the session cookie' },
    {
      vars: ['TRUST_PROXY'],
      default: '`false`',
      meaning:
        "Whose `X-Forwarded-For` gives the client address every per-IP limit keys on: `false` (clients connect directly: the socket's address), a hop count (`1` behind one proxy, e.g. the Ingress controller; one more per proxy before it that appends to the header), or the proxies' addresses/CIDRs, comma-separated (`10.0.0.0/8,192.168.1.7`). `true` (every hop) is refused: a client's own header would choose its address and a fresh limit per request",
    },
    {
      vars: ['STORAGE_PUBLIC_ORIGIN'],
      meaning:
        'Origin of the object storage browsers upload photos to and load them from, added to the CSP (`connect-src`, `img-src`; local addresses are allowed already) and preconnected to by a page sent with a photo hint (unset: the origin of the first photo redirect the gateway answered)',
    },
    {
      vars: ['KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX', 'KAFKA_GROUP_PREFIX'],
      meaning:
        'Where the gateway reads `message-sent` for the real-time push (`/api/realtime`); unset: no push, the web client refetches',
    },
    {
      vars: ['REALTIME_PING_MS'],
      meaning:
        "How often the gateway pings each `/api/realtime` socket (a WebSocket ping frame), so an idle socket outlives a proxy's read timeout (an Ingress's is often 60 s); a socket that answered none of two pings is dropped",
    },
    {
      vars: ['REALTIME_SESSION_CHECK_MS'],
      meaning:
        "How often each socket's session is checked again (at most a minute): a session that expired closes its sockets with 4401 within this",
    },
    { vars: ['SERVICE_TIMEOUT_MS'], meaning: 'Timeout of internal calls' },
    {
      vars: ['PUBLIC_CACHE_TTL_MS'],
      meaning:
        'The gateway keeps the public reads the `/api` contract marks `cache` (the venue lists, a venue, its sections) in memory, answers them with `x-cache: hit`, and drops them on the venue events it reads from Kafka (needs `KAFKA_BROKERS`) or at once after a change it forwarded itself; this is only the safety-net lifetime without any event. `0`: no cache',
    },
    {
      vars: ['PUBLIC_CACHE_MAX_ENTRIES'],
      meaning: 'Most cached public reads per gateway (least recently used out first; also at most 32 MiB)',
    },
    {
      vars: ['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS'],
      meaning:
        'As for a service: on SIGTERM, readiness 503 for the drain, then real-time sockets closed ("going away"), requests in flight finished, connections closed',
    },
    {
      vars: ['METRICS_ENABLED'],
      meaning:
        'Prometheus metrics, served on `METRICS_PORT` only: an operator endpoint, not part of `/api`, never on the public `PORT` (there `/metrics` is 404)',
    },
    {
      vars: ['METRICS_PORT'],
      meaning:
        "The gateway's internal metrics listener (`GET /metrics`, nothing else); unset: no metrics served. Must differ from `PORT`. compose: 9464 on the compose network (not published), the chart: `components.gateway.metricsPort`, `npm run start:distributed`: `PORT`+90 on 127.0.0.1",
    },
    {
      vars: ['METRICS_HOST'],
      meaning:
        'Address of the metrics listener (loopback unless a scraper elsewhere needs it: `0.0.0.0` in a container)',
    },
    {
      vars: ['ADMIN_TOKEN_SECRET'],
      default: 'random per start; required in production',
      meaning:
        "Signs the admin console's bearer tokens (HS256, at least 32 characters); every gateway of a deployment needs the same one",
    },
    {
      vars: ['ADMIN_TOKEN_SECRET_PREVIOUS'],
      meaning:
        'During a rotation of `ADMIN_TOKEN_SECRET`: the previous secret, whose tokens stay valid until they expire (see [the runbook](runbook.md#runbook-secrets))',
    },
    { vars: ['ADMIN_TOKEN_TTL_SECONDS'], meaning: 'Lifetime of an admin token (sign in again after it)' },
    { vars: ['RATE_LIMIT_REGISTER_PER_IP'], meaning: 'Registrations per IP per window' },
    { vars: ['RATE_LIMIT_LOGIN_PER_IP'], meaning: 'Login attempts per IP per window' },
    {
      vars: ['RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT'],
      meaning:
        'Failed logins for one account from one network (IPv4 address or IPv6 /64) before that pair is locked for the window; counted before the password is checked, given back on success',
    },
    {
      vars: ['RATE_LIMIT_LOGIN_SLOWDOWN_AFTER'],
      meaning: 'Failed logins for one account from all networks before each further attempt waits a doubling delay',
    },
    {
      vars: ['RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS'],
      meaning: 'Cap of that delay: the owner is slowed down, never locked out',
    },
    { vars: ['RATE_LIMIT_WINDOW_SECONDS'], meaning: 'The window the per-IP and per-account limits above count in' },
    { vars: ['RATE_LIMIT_RESET_PER_IP'], meaning: 'Password-reset emails asked from one network per window' },
    {
      vars: ['RATE_LIMIT_RESET_PER_ADDRESS'],
      meaning:
        'Password-reset emails asked for one address per window, whoever asks (the same answer whether or not an account uses it)',
    },
    {
      vars: ['RATE_LIMIT_MEMBER_SCALE'],
      meaning:
        'Multiplies every per-member limit (`MEMBER_RATE_LIMITS` in `libs/contracts/src/api/route.ts`: holds, reports, friends, invites, chat messages, upload URLs, door check-ins per owner and per venue; see [the runbook, per-member limits](runbook.md#runbook-member-limits)); past it 429 with `Retry-After`',
    },
  ],
  embedded: [
    { vars: ['PORT', 'HOST'], meaning: 'Where the product is served (`PORT=0` picks a free port)' },
    {
      vars: ['EMBEDDED_DATA_DIR'],
      default: '`$TMPDIR/luxeswipe-embedded`',
      computedDefault: true,
      meaning:
        "Embedded PostgreSQL and S3 data, and the folder's own secrets, made at random on its first start and kept there (mode 0600): `pg-password` and `pass-signing-secret` (signs the door passes; deleting it voids the passes handed out, their door codes still work). Must be reachable by the `postgres` user when run as root.",
    },
    {
      vars: ['METRICS_PORT'],
      meaning: "The gateway's metrics listener on 127.0.0.1 (`GET /metrics`); unset: none. Never on `PORT`",
    },
    { vars: ['EMBEDDED_PG_PORT'], meaning: 'Embedded PostgreSQL port' },
    { vars: ['SEED_DEMO_DATA'], meaning: 'Seeds the demo accounts and venues at every start (idempotent)' },
    {
      vars: ['LOG_LEVEL'],
      meaning:
        "Log level of the one process (quieter than a service's by default: the launcher prints the URL and the demo logins itself)",
    },
    { vars: ['DEMO_PASSWORD'], meaning: 'Password of the demo accounts (at least 8 characters)' },
    {
      vars: ['WEB_DIST_DIR'],
      default: '`web/dist` of the repository',
      computedDefault: true,
      meaning: 'Built web client to serve',
    },
    {
      vars: ['EMBEDDED_CRASH_ON_DELIVERY'],
      meaning: 'Test fault: the process kills itself when the bus delivers its n-th message',
    },
  ],
};

/** Each table's title line, when there is more to say of the process than its name. */
export const TITLES: Record<string, string> = {
  service: 'Services (`services/<name>/dist/main.js`; `serviceEnvSchema` in `libs/platform/src/config.ts`):',
  payments:
    'Payments service only (card payments; with Stripe and without `STRIPE_SECRET_KEY` they are not configured: the payment page says so and nothing is charged):',
  bookings: 'Bookings service only (door passes and holds):',
  admin: 'Admin service only (the first admin account; passwords are hashed with argon2id):',
  notifications: 'Notifications service only (in-app notifications and their emails):',
  gateway: 'Gateway (`gateway/dist/main.js`; `gatewayEnvSchema` in `gateway/src/config.ts`):',
  embedded: 'Embedded mode (`npm start`; `embeddedEnvSchema` in `infra/embedded/src/config.ts`) also reads:',
};
