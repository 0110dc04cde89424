// Assertions on the Helm chart's rendered manifests (infra/scripts/test-helm.sh runs it).
//
//   node infra/helm/test/assert-chart.mjs <default.json> <dev.json> <dev-again.json> <values.json> <compose.json> <monitoring.json>
//
// Each *.json is a rendered profile (or values / docker-compose.yml) converted from YAML by the
// test script. The deployables and their ports come from the repository (services/*, gateway,
// docker-compose.yml), not from the chart, and each process's rendered environment is checked
// with the processes' own configuration schemas (the built libs/platform, services and gateway),
// so the chart cannot drift from the code silently; the alerts are checked against docs/runbook.md
// and the metrics the code registers. Prints "ok - ..." / "not ok - ..." lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, generateKeyPairSync } from 'node:crypto';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);
const [defaultFile, devFile, devAgainFile, valuesFile, composeFile, monitoringFile] = process.argv.slice(2);
const read = (f) => JSON.parse(readFileSync(f, 'utf8')).filter(Boolean);
const profiles = { default: read(defaultFile), dev: read(devFile) };
const devAgain = read(devAgainFile);
const values = JSON.parse(readFileSync(valuesFile, 'utf8'));
const compose = JSON.parse(readFileSync(composeFile, 'utf8'));
const monitoring = read(monitoringFile);

let failures = 0;
function check(name, fn) {
  let problems;
  try {
    problems = fn() ?? [];
  } catch (e) {
    problems = [`threw: ${e?.stack ?? e}`];
  }
  if (problems.length === 0) console.log(`ok - ${name}`);
  else {
    failures += 1;
    console.log(`not ok - ${name}`);
    for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
  }
}

// ------------------------------------------------------------------ what the repository says
const SERVICES = readdirSync(join(ROOT, 'services'))
  .filter((s) => existsSync(join(ROOT, 'services', s, 'src', 'main.ts')))
  .sort();
const DEPLOYABLES = ['gateway', ...SERVICES];
const composePorts = Object.fromEntries(
  Object.values(compose.services)
    .filter((s) => s.environment?.SERVICE)
    .map((s) => [s.environment.SERVICE, Number(s.environment.PORT)]),
);

// What each process's code reaches (services/<name>/src/index.ts: usesRedis, usesStorage; payments calls Stripe, notifications sends email over SMTP).
const USES = Object.fromEntries(
  SERVICES.map((s) => {
    const src = readFileSync(join(ROOT, 'services', s, 'src', 'index.ts'), 'utf8');
    return [
      s,
      {
        postgres: true,
        kafka: true,
        redis: /usesRedis:\s*true/.test(src),
        s3: /usesStorage:\s*true/.test(src),
        stripe: s === 'payments',
        smtp: s === 'notifications',
      },
    ];
  }),
);
USES.gateway = { postgres: false, kafka: true, redis: true, s3: false, stripe: false, smtp: false };

const byKind = (docs, kind) => docs.filter((d) => d.kind === kind);
const named = (docs, kind, name) => docs.find((d) => d.kind === kind && d.metadata.name === name);
const component = (d) => d.metadata?.labels?.['app.kubernetes.io/component'];
const podSpec = (d) => d.spec?.template?.spec ?? d.spec?.jobTemplate?.spec?.template?.spec;
const podLabels = (d) => d.spec?.template?.metadata?.labels ?? {};
const workloads = (docs) => docs.filter((d) => ['Deployment', 'StatefulSet', 'Job', 'DaemonSet'].includes(d.kind));
const appDeployment = (docs, name) => byKind(docs, 'Deployment').find((d) => component(d) === name);
const isApp = (d) => DEPLOYABLES.includes(component(d)) || /^(migrate-|topics$)/.test(component(d) ?? '');

// ------------------------------------------------------------------ per profile
for (const [profile, docs] of Object.entries(profiles)) {
  const secrets = byKind(docs, 'Secret');
  const configMaps = byKind(docs, 'ConfigMap');

  check(
    `${profile}: every deployable (gateway + ${SERVICES.length} services from services/*) has a Deployment, a Service, a ConfigMap and its own NetworkPolicy`,
    () => {
      const p = [];
      for (const name of DEPLOYABLES) {
        const dep = appDeployment(docs, name);
        if (!dep) p.push(`${name}: no Deployment`);
        if (!byKind(docs, 'Service').find((s) => component(s) === name)) p.push(`${name}: no Service`);
        if (!configMaps.find((c) => component(c) === name)) p.push(`${name}: no ConfigMap`);
        if (
          !byKind(docs, 'NetworkPolicy').find(
            (n) => n.spec.podSelector?.matchLabels?.['app.kubernetes.io/component'] === name,
          )
        )
          p.push(`${name}: no NetworkPolicy`);
      }
      const extra = byKind(docs, 'Deployment')
        .filter(isApp)
        .map(component)
        .filter((c) => !DEPLOYABLES.includes(c));
      if (extra.length) p.push(`Deployments of no deployable: ${extra.join(', ')}`);
      return p;
    },
  );

  check(`${profile}: ports match docker-compose.yml, Services target them, and SERVICE selects the process`, () => {
    const p = [];
    for (const name of DEPLOYABLES) {
      const dep = appDeployment(docs, name);
      const cm = configMaps.find((c) => component(c) === name);
      const svc = byKind(docs, 'Service').find((s) => component(s) === name);
      if (!dep || !cm || !svc) continue;
      const port = dep.spec.template.spec.containers[0].ports?.[0]?.containerPort;
      if (port !== composePorts[name])
        p.push(`${name}: containerPort ${port}, docker-compose.yml says ${composePorts[name]}`);
      if (cm.data.PORT !== String(composePorts[name])) p.push(`${name}: PORT=${cm.data.PORT}`);
      if (cm.data.SERVICE !== name) p.push(`${name}: SERVICE=${cm.data.SERVICE}`);
      if (svc.spec.ports[0].port !== port) p.push(`${name}: Service port ${svc.spec.ports[0].port}`);
      if (svc.spec.type && svc.spec.type !== 'ClusterIP')
        p.push(`${name}: Service type ${svc.spec.type} (only the Ingress is public)`);
    }
    return p;
  });

  check(
    `${profile}: each deployable runs its own image (<image.repository>/<name>, as docker-compose.yml builds them) and the hooks the jobs image`,
    () => {
      const p = [];
      const repo = values.image.repository;
      for (const name of DEPLOYABLES) {
        const image = appDeployment(docs, name)?.spec.template.spec.containers[0].image ?? '';
        if (!image.startsWith(`${repo}/${name}:`)) p.push(`${name}: image ${image}`);
        const built = Object.values(compose.services).find((s) => s.environment?.SERVICE === name)?.build?.args
          ?.DEPLOYABLE;
        if (built !== name) p.push(`${name}: docker-compose.yml builds DEPLOYABLE=${built}`);
      }
      for (const job of byKind(docs, 'Job').filter((d) => /^(migrate-|topics$)/.test(component(d) ?? ''))) {
        const image = podSpec(job).containers[0].image;
        if (!image.startsWith(`${repo}/jobs:`)) p.push(`${job.metadata.name}: image ${image}`);
      }
      return p;
    },
  );

  check(
    `${profile}: every app container has a startup/liveness probe on /health/live and a readiness probe on /health/ready of its own port`,
    () => {
      const p = [];
      for (const name of DEPLOYABLES) {
        const c = appDeployment(docs, name)?.spec.template.spec.containers[0];
        if (!c) continue;
        const portName = c.ports?.[0]?.name;
        const want = { readinessProbe: '/health/ready', livenessProbe: '/health/live', startupProbe: '/health/live' };
        for (const [probe, path] of Object.entries(want)) {
          const g = c[probe]?.httpGet;
          if (!g) p.push(`${name}: no ${probe}`);
          else if (g.path !== path || (g.port !== portName && g.port !== c.ports[0].containerPort))
            p.push(`${name}: ${probe} ${g.path} on ${g.port}`);
        }
      }
      return p;
    },
  );

  check(`${profile}: every container of every workload has CPU and memory requests and limits`, () => {
    const p = [];
    for (const w of workloads(docs))
      for (const c of podSpec(w).containers)
        for (const k of ['requests', 'limits'])
          for (const r of ['cpu', 'memory'])
            if (!c.resources?.[k]?.[r]) p.push(`${w.kind} ${w.metadata.name}/${c.name}: no ${k}.${r}`);
    return p;
  });

  check(
    `${profile}: app pods (deployables and hook Jobs) run as non-root with a read-only root filesystem, no privilege escalation, all capabilities dropped`,
    () => {
      const p = [];
      for (const w of workloads(docs).filter(isApp)) {
        const s = podSpec(w);
        if (s.securityContext?.runAsNonRoot !== true || !(s.securityContext?.runAsUser > 0))
          p.push(`${w.metadata.name}: not runAsNonRoot with a non-zero runAsUser`);
        if (s.automountServiceAccountToken !== false) p.push(`${w.metadata.name}: mounts a service account token`);
        for (const c of s.containers) {
          const sc = c.securityContext ?? {};
          if (sc.readOnlyRootFilesystem !== true) p.push(`${w.metadata.name}/${c.name}: root filesystem writable`);
          if (sc.allowPrivilegeEscalation !== false)
            p.push(`${w.metadata.name}/${c.name}: privilege escalation allowed`);
          if (!sc.capabilities?.drop?.includes('ALL')) p.push(`${w.metadata.name}/${c.name}: capabilities not dropped`);
        }
      }
      return p;
    },
  );

  check(
    `${profile}: one migration Job per service (node infra/scripts/migrate.mjs <service>) and a topic Job (create-topics.mjs), as Helm hooks that run the repository's scripts`,
    () => {
      const p = [];
      const jobs = byKind(docs, 'Job');
      const hookOk = (j) => {
        const phases = (j.metadata.annotations?.['helm.sh/hook'] ?? '').split(',');
        return profile === 'default'
          ? phases.includes('pre-install') && phases.includes('pre-upgrade')
          : phases.some((x) => /-(install|upgrade)$/.test(x));
      };
      for (const s of SERVICES) {
        const j = jobs.find((x) => component(x) === `migrate-${s}`);
        if (!j) {
          p.push(`${s}: no migration Job`);
          continue;
        }
        const cmd = podSpec(j).containers[0].command;
        if (JSON.stringify(cmd) !== JSON.stringify(['node', 'infra/scripts/migrate.mjs', s]))
          p.push(`${s}: command ${JSON.stringify(cmd)}`);
        if (!hookOk(j)) p.push(`${s}: hook ${j.metadata.annotations?.['helm.sh/hook']}`);
        if (
          !podSpec(j).containers[0].env.some(
            (e) => e.name === `DATABASE_URL_${s.toUpperCase()}` && e.valueFrom?.secretKeyRef,
          )
        )
          p.push(`${s}: DATABASE_URL_${s.toUpperCase()} not from the Secret`);
      }
      const t = jobs.find((x) => component(x) === 'topics');
      if (!t) p.push('no topic Job');
      else {
        if (
          JSON.stringify(podSpec(t).containers[0].command) !==
          JSON.stringify(['node', 'infra/scripts/create-topics.mjs'])
        )
          p.push(`topics: command ${podSpec(t).containers[0].command}`);
        if (!hookOk(t)) p.push('topics: not a hook');
      }
      for (const f of ['infra/scripts/migrate.mjs', 'infra/scripts/create-topics.mjs'])
        if (!existsSync(join(ROOT, f))) p.push(`${f} missing`);
      return p;
    },
  );

  check(
    `${profile}: the hook Jobs use nothing the release itself creates (a pre-install hook runs before it exists)`,
    () => {
      const p = [];
      const created = (kind, name) =>
        docs.some((d) => d.kind === kind && d.metadata.name === name && !d.metadata.annotations?.['helm.sh/hook']);
      for (const j of byKind(docs, 'Job').filter((x) =>
        (x.metadata.annotations?.['helm.sh/hook'] ?? '').includes('pre-install'),
      )) {
        const s = podSpec(j);
        if (s.serviceAccountName && created('ServiceAccount', s.serviceAccountName))
          p.push(`${j.metadata.name}: ServiceAccount ${s.serviceAccountName}`);
        for (const c of s.containers) {
          for (const f of c.envFrom ?? [])
            if (f.configMapRef && created('ConfigMap', f.configMapRef.name))
              p.push(`${j.metadata.name}: ConfigMap ${f.configMapRef.name}`);
          for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef ?? e.valueFrom?.configMapKeyRef;
            if (ref && (created('Secret', ref.name) || created('ConfigMap', ref.name)))
              p.push(`${j.metadata.name}: ${e.name} from ${ref.name}`);
          }
        }
      }
      return p;
    },
  );

  check(
    `${profile}: every address a process is given (SERVICE_URL_*, KAFKA_BROKERS, S3_ENDPOINT, DATABASE_URL, REDIS_URL) names a rendered Service and its port, or is external`,
    () => {
      const p = [];
      const services = byKind(docs, 'Service');
      const ours = (host) =>
        host.startsWith(`${docs.find((d) => d.kind === 'Deployment').metadata.labels['app.kubernetes.io/instance']}-`);
      const checkAddr = (who, v, hostPort) => {
        const [host, port] = hostPort.split(':');
        const svc = services.find((s) => s.metadata.name === host);
        if (!svc) {
          if (profile === 'dev' || ours(host)) p.push(`${who}: ${v} names no rendered Service`);
          return;
        }
        if (!svc.spec.ports.some((x) => String(x.port) === String(port)))
          p.push(`${who}: ${v}: Service ${host} has no port ${port}`);
      };
      for (const name of DEPLOYABLES) {
        const c = appDeployment(docs, name).spec.template.spec.containers[0];
        const env = resolveEnv(
          c,
          byKind(docs, 'ConfigMap'),
          byKind(docs, 'Secret'),
          profile === 'default' ? {} : null,
          [],
          name,
        );
        for (const [k, v] of Object.entries(env)) {
          if (/^SERVICE_URL_|^S3_ENDPOINT$|^DATABASE_URL$|^REDIS_URL$/.test(k)) {
            const u = new URL(v);
            checkAddr(`${name} ${k}`, v, `${u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`);
          }
          if (k === 'KAFKA_BROKERS') for (const b of v.split(',')) checkAddr(`${name} ${k}`, v, b.trim());
        }
      }
      return p;
    },
  );

  check(`${profile}: the Ingress routes only to the gateway`, () => {
    const p = [];
    const ings = byKind(docs, 'Ingress');
    if (ings.length !== 1) p.push(`${ings.length} Ingresses`);
    const gwSvc = byKind(docs, 'Service').find((s) => component(s) === 'gateway')?.metadata.name;
    for (const i of ings)
      for (const r of i.spec.rules)
        for (const path of r.http.paths) {
          const to = path.backend.service.name;
          const devStorage = profile === 'dev' && to.endsWith('-minio');
          if (to !== gwSvc && !devStorage) p.push(`${r.host}${path.path} -> ${to}`);
        }
    return p;
  });

  // Issue 30: the chart trusted every hop (a client's own X-Forwarded-For chose the address every
  // per-IP limit keys on) and served the gateway's /metrics on its public port.
  check(
    `${profile}: the gateway trusts a hop count or the Ingress's addresses (never every hop), and serves /metrics on its own port, which the Ingress never routes to`,
    () => {
      const p = [];
      const dep = appDeployment(docs, 'gateway');
      const c = dep?.spec.template.spec.containers[0];
      const cm = configMaps.find((x) => x.metadata.name === c?.envFrom?.[0]?.configMapRef?.name)?.data ?? {};
      const trust = cm.TRUST_PROXY;
      const { trustProxySetting } = requireBuilt('gateway/dist/web/trust-proxy.js');
      const parsed = trustProxySetting.safeParse(trust);
      if (!parsed.success) p.push(`TRUST_PROXY=${trust}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      else if (parsed.data === false)
        p.push(`TRUST_PROXY=${trust}: behind the Ingress every client would share the controller's address`);
      const metricsPort = (c?.ports ?? []).find((x) => x.name === 'metrics')?.containerPort;
      const httpPort = (c?.ports ?? []).find((x) => x.name === 'http')?.containerPort;
      if (!metricsPort) p.push('no `metrics` container port on the gateway');
      else {
        if (cm.METRICS_PORT !== String(metricsPort))
          p.push(`METRICS_PORT=${cm.METRICS_PORT}, the metrics container port is ${metricsPort}`);
        if (metricsPort === httpPort) p.push('the metrics port is the public one');
        const svc = byKind(docs, 'Service').find((x) => component(x) === 'gateway');
        const ingressPorts = byKind(docs, 'Ingress').flatMap((i) =>
          i.spec.rules.flatMap((r) => r.http.paths.map((x) => x.backend.service.port)),
        );
        for (const port of ingressPorts) {
          const sp = svc?.spec.ports.find((x) => (port.name ? x.name === port.name : x.port === port.number));
          if (!sp || sp.targetPort !== 'http')
            p.push(`the Ingress routes to the gateway's ${JSON.stringify(port)}, not its http port`);
        }
        const np = byKind(docs, 'NetworkPolicy').find(
          (n) =>
            n.spec.podSelector?.matchLabels &&
            component({ metadata: { labels: n.spec.podSelector.matchLabels } }) === 'gateway',
        );
        const monitoring = (np?.spec.ingress ?? []).filter((r) =>
          (r.from ?? []).some((f) => f.namespaceSelector && !f.podSelector),
        );
        // values-dev.yaml lets no monitoring namespace in (networkPolicy.monitoring: null)
        if (profile === 'default' && !monitoring.some((r) => (r.ports ?? []).some((x) => x.port === metricsPort)))
          p.push("the monitoring namespace may not reach the gateway's metrics port");
        if (monitoring.some((r) => (r.ports ?? []).some((x) => x.port === httpPort)))
          p.push("the monitoring namespace may reach the gateway's public port");
      }
      return p;
    },
  );

  // The gateway pings each WebSocket every REALTIME_PING_MS (25 s by default): an idle socket
  // survives when the Ingress waits at least two pings' time (ingress-nginx's default is 60 s).
  check(
    `${profile}: the Ingress keeps an idle WebSocket open (nginx proxy-read-timeout and proxy-send-timeout of at least 60 s, over two pings)`,
    () => {
      const p = [];
      const gwEnv = (name) =>
        byKind(docs, 'ConfigMap')
          .map((c) => c.data?.[name])
          .find((v) => v !== undefined);
      const pingS = Number(gwEnv('REALTIME_PING_MS') ?? 25_000) / 1000;
      for (const i of byKind(docs, 'Ingress'))
        for (const a of ['proxy-read-timeout', 'proxy-send-timeout']) {
          const v = Number(i.metadata.annotations?.[`nginx.ingress.kubernetes.io/${a}`]);
          if (!(v >= 60 && v > 2 * pingS))
            p.push(
              `${i.metadata.name}: ${a} is ${i.metadata.annotations?.[`nginx.ingress.kubernetes.io/${a}`] ?? 'not set'}`,
            );
        }
      return p;
    },
  );

  check(
    `${profile}: HorizontalPodAutoscalers and PodDisruptionBudgets target existing Deployments (default profile: one of each per deployable)`,
    () => {
      const p = [];
      for (const h of byKind(docs, 'HorizontalPodAutoscaler'))
        if (!named(docs, 'Deployment', h.spec.scaleTargetRef.name))
          p.push(`HPA ${h.metadata.name}: no Deployment ${h.spec.scaleTargetRef.name}`);
      for (const b of byKind(docs, 'PodDisruptionBudget'))
        if (!byKind(docs, 'Deployment').some((d) => matches(b.spec.selector.matchLabels, podLabels(d))))
          p.push(`PDB ${b.metadata.name} selects nothing`);
      if (profile === 'default')
        for (const name of DEPLOYABLES) {
          const dep = appDeployment(docs, name);
          if (!byKind(docs, 'HorizontalPodAutoscaler').some((h) => h.spec.scaleTargetRef.name === dep?.metadata.name))
            p.push(`${name}: no HPA`);
          if (
            !byKind(docs, 'PodDisruptionBudget').some(
              (b) => dep && matches(b.spec.selector.matchLabels, podLabels(dep)),
            )
          )
            p.push(`${name}: no PDB`);
          if (dep?.spec.replicas !== undefined) p.push(`${name}: replicas set although the HPA scales it`);
        }
      return p;
    },
  );

  check(
    `${profile}: Kafka topics get at least as many partitions as any deployable may run pods (the topic Job's and every service's KAFKA_TOPIC_PARTITIONS)`,
    () => {
      const p = [];
      const topics = byKind(docs, 'Job').find((j) => component(j) === 'topics');
      const partitions = Number(
        podSpec(topics).containers[0].env.find((e) => e.name === 'KAFKA_TOPIC_PARTITIONS')?.value,
      );
      if (!Number.isInteger(partitions)) return ['the topic Job has no KAFKA_TOPIC_PARTITIONS'];
      for (const name of DEPLOYABLES) {
        const dep = appDeployment(docs, name);
        const hpa = byKind(docs, 'HorizontalPodAutoscaler').find(
          (h) => h.spec.scaleTargetRef.name === dep.metadata.name,
        );
        const most = hpa ? hpa.spec.maxReplicas : (dep.spec.replicas ?? 1);
        if (most > partitions) p.push(`${name} may run ${most} pods, the topics have ${partitions} partitions`);
        const cm = configMaps.find((c) => component(c) === name);
        if (name !== 'gateway' && cm.data.KAFKA_TOPIC_PARTITIONS !== String(partitions))
          p.push(`${name}: KAFKA_TOPIC_PARTITIONS=${cm.data.KAFKA_TOPIC_PARTITIONS}, the topic Job says ${partitions}`);
      }
      return p;
    },
  );

  check(
    `${profile}: every Deployment spreads its own pods over zones and nodes (topologySpreadConstraints, ScheduleAnyway by default)`,
    () => {
      const p = [];
      for (const name of DEPLOYABLES) {
        const dep = appDeployment(docs, name);
        const tsc = dep.spec.template.spec.topologySpreadConstraints ?? [];
        for (const key of ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']) {
          const c = tsc.find((x) => x.topologyKey === key);
          if (!c) {
            p.push(`${name}: no spread over ${key}`);
            continue;
          }
          if (c.whenUnsatisfiable !== 'ScheduleAnyway')
            p.push(`${name} ${key}: whenUnsatisfiable ${c.whenUnsatisfiable}`);
          if (!(c.maxSkew >= 1)) p.push(`${name} ${key}: maxSkew ${c.maxSkew}`);
          const sel = c.labelSelector?.matchLabels ?? {};
          if (!matches(sel, podLabels(dep)) || sel['app.kubernetes.io/component'] !== name)
            p.push(`${name} ${key}: the selector ${JSON.stringify(sel)} is not its own pods`);
        }
      }
      return p;
    },
  );

  check(
    `${profile}: pods carry the checksum of their ConfigMaps and (secrets.create) of the Secret the chart renders, so a change rolls them`,
    () => {
      const p = [];
      const secret = secrets[0];
      // what luxe.generatedSecretData hashes: the Secret's data as compact JSON, keys sorted
      const secretSum =
        secret &&
        createHash('sha256')
          .update(
            JSON.stringify(
              Object.fromEntries(
                Object.entries(secret.data)
                  .sort(([a], [b]) => (a < b ? -1 : 1))
                  .map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]),
              ),
            ),
          )
          .digest('hex');
      for (const name of DEPLOYABLES) {
        const a = appDeployment(docs, name).spec.template.metadata.annotations ?? {};
        if (!/^[0-9a-f]{64}$/.test(a['checksum/config'] ?? '')) p.push(`${name}: no checksum/config`);
        if (secret && a['checksum/secret'] !== secretSum)
          p.push(`${name}: checksum/secret ${a['checksum/secret']}, the rendered Secret hashes to ${secretSum}`);
        if (!secret && a['checksum/secret']) p.push(`${name}: checksum/secret without a Secret of the chart`);
      }
      return p;
    },
  );

  check(
    `${profile}: no Prometheus operator or dashboard resource unless enabled (monitoring.* is off by default)`,
    () =>
      docs
        .filter((d) => ['ServiceMonitor', 'PrometheusRule'].includes(d.kind) || d.metadata?.labels?.grafana_dashboard)
        .map((d) => `${d.kind} ${d.metadata.name}`),
  );

  // ---------------------------------------------------------------- network policies
  const pods = workloads(docs).map((w) => ({
    name: component(w) ?? w.metadata.name,
    labels: podLabels(w),
    ports: podSpec(w).containers.flatMap((c) => (c.ports ?? []).map((x) => x.containerPort)),
  }));
  const policies = byKind(docs, 'NetworkPolicy');
  const peerMatches = (peer, src) =>
    !peer.namespaceSelector &&
    !peer.ipBlock &&
    peer.podSelector &&
    matches(peer.podSelector.matchLabels ?? {}, src.labels);
  const portOk = (rulePorts, port) => !rulePorts || rulePorts.some((x) => x.port === port);
  const ingressAllowed = (src, dst, port) =>
    policies
      .filter(
        (n) => n.spec.policyTypes.includes('Ingress') && matches(n.spec.podSelector.matchLabels ?? {}, dst.labels),
      )
      .some((n) =>
        (n.spec.ingress ?? []).some((r) => (r.from ?? []).some((f) => peerMatches(f, src)) && portOk(r.ports, port)),
      );
  const egressAllowed = (src, dst, port) =>
    policies
      .filter((n) => n.spec.policyTypes.includes('Egress') && matches(n.spec.podSelector.matchLabels ?? {}, src.labels))
      .some((n) =>
        (n.spec.egress ?? []).some((r) => (r.to ?? []).some((t) => peerMatches(t, dst)) && portOk(r.ports, port)),
      );
  const reach = (src, dst) => dst.ports.some((port) => ingressAllowed(src, dst, port) && egressAllowed(src, dst, port));
  const pod = (name) => pods.find((x) => x.name === name);

  check(`${profile}: a default-deny NetworkPolicy (ingress and egress) selects every pod of the release`, () => {
    const deny = policies.find(
      (n) =>
        (n.spec.policyTypes ?? []).includes('Ingress') &&
        n.spec.policyTypes.includes('Egress') &&
        !n.spec.ingress &&
        !n.spec.egress,
    );
    if (!deny) return ['no default-deny policy'];
    return pods
      .filter((x) => !matches(deny.spec.podSelector.matchLabels ?? {}, x.labels))
      .map((x) => `${x.name} not selected`);
  });

  check(
    `${profile}: inside the release, a service is reachable from the gateway only, and the gateway from no pod (only the Ingress controller's namespace)`,
    () => {
      const p = [];
      const gw = pod('gateway');
      for (const s of SERVICES) {
        const dst = pod(s);
        if (!reach(gw, dst)) p.push(`gateway cannot reach ${s}`);
        for (const src of pods) if (src.name !== 'gateway' && reach(src, dst)) p.push(`${src.name} can reach ${s}`);
      }
      for (const src of pods) if (reach(src, gw)) p.push(`${src.name} can reach the gateway`);
      const gwPolicy = policies.find(
        (n) => n.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === 'gateway',
      );
      const froms = (gwPolicy?.spec.ingress ?? []).flatMap((r) => r.from ?? []);
      if (!froms.some((f) => f.namespaceSelector)) p.push('the gateway admits no Ingress controller');
      if (froms.some((f) => f.ipBlock || (!f.namespaceSelector && !f.podSelector)))
        p.push('the gateway admits arbitrary sources');
      return p;
    },
  );

  check(
    `${profile}: each process may reach DNS and exactly the infrastructure its code uses (usesRedis / usesStorage in services/*/src/index.ts)`,
    () => {
      const p = [];
      const dnsPolicy = policies.find((n) =>
        (n.spec.egress ?? []).some((r) => (r.ports ?? []).some((x) => x.port === 53)),
      );
      if (!dnsPolicy) p.push('no DNS egress');
      for (const name of DEPLOYABLES) {
        const src = pod(name);
        if (dnsPolicy && !matches(dnsPolicy.spec.podSelector.matchLabels ?? {}, src.labels)) p.push(`${name}: no DNS`);
        for (const [kind, used] of Object.entries(USES[name])) {
          const labelled = src.labels[`luxe.dev/client-${kind}`] === 'true';
          if (used !== labelled) p.push(`${name}: ${kind} ${used ? 'used but not allowed' : 'allowed but not used'}`);
          if (profile === 'dev') {
            const infraName = {
              postgres: 'postgres',
              redis: 'redis',
              kafka: 'kafka',
              s3: 'minio',
              stripe: 'stripe-mock',
              smtp: 'mailpit',
            }[kind];
            const dst = pod(infraName);
            if (dst && reach(src, dst) !== used)
              p.push(`${name} -> in-cluster ${infraName}: ${used ? 'blocked' : 'open'}`);
          } else {
            // address blocks can overlap (S3 and Stripe are both 0.0.0.0/0:443): judge by the policy of each kind
            const ext = values.networkPolicy.external[kind];
            const policy = policies.find((n) => n.metadata.name.endsWith(`-egress-${kind}`));
            const rulesOk =
              policy &&
              (policy.spec.egress ?? []).some(
                (r) =>
                  (r.to ?? []).every((t) => ext.cidrs.includes(t.ipBlock?.cidr)) &&
                  (r.ports ?? []).every((x) => ext.ports.includes(x.port)),
              );
            if (!rulesOk) p.push(`no egress policy to the external ${kind} (${ext.cidrs} ${ext.ports})`);
            else if (matches(policy.spec.podSelector.matchLabels ?? {}, src.labels) !== used)
              p.push(`${name} -> external ${kind}: ${used ? 'blocked' : 'open'}`);
          }
        }
      }
      if (profile === 'dev') {
        for (const s of SERVICES)
          if (!reach(pod(`migrate-${s}`), pod('postgres'))) p.push(`migrate-${s} cannot reach postgres`);
        if (!reach(pod('topics'), pod('kafka'))) p.push('the topic Job cannot reach kafka');
      }
      return p;
    },
  );

  // ---------------------------------------------------------------- secrets and configuration
  check(
    `${profile}: no Secret holds a value written in values.yaml or values-dev.yaml, and no ConfigMap holds a credential`,
    () => {
      const p = [];
      const literals = new Set(flatStrings(values).filter((s) => s.length >= 6));
      for (const s of secrets)
        for (const [k, v] of Object.entries(s.data ?? {})) {
          const plain = Buffer.from(v, 'base64').toString();
          if (literals.has(plain)) p.push(`Secret ${s.metadata.name} key ${k} is a literal of the values`);
        }
      if (profile === 'default' && secrets.length)
        p.push(
          `the default profile renders ${secrets.length} Secret(s); it must only reference secrets.existingSecret`,
        );
      for (const c of configMaps)
        for (const k of Object.keys(c.data ?? {}))
          if (/PASSWORD|SECRET|PRIVATE|_KEY$|DATABASE_URL|REDIS_URL/.test(k) && k !== 'S3_PUBLIC_ENDPOINT')
            p.push(`ConfigMap ${c.metadata.name} has ${k}`);
      return p;
    },
  );

  check(
    `${profile}: every process's rendered environment passes its own configuration schema (NODE_ENV=production rules included)`,
    () => {
      const p = [];
      const platform = requireBuilt('libs/platform/dist/index.js');
      const { gatewayEnvSchema } = requireBuilt('gateway/dist/config.js');
      const keys = generateKeyPairSync('ed25519');
      // the existing Secret of the default profile, as an operator would fill it
      const operatorSecret = {
        INTERNAL_AUTH_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
        INTERNAL_AUTH_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        ADMIN_TOKEN_SECRET: 'x'.repeat(40),
        PASS_SIGNING_SECRET: 'p'.repeat(40),
        REDIS_URL: 'rediss://:pw@redis.example:6380',
        S3_ACCESS_KEY: 'AKIAEXAMPLE',
        S3_SECRET_KEY: 'secret-example',
        SMTP_URL: 'smtps://apikey:pw@smtp.example:465',
        ...Object.fromEntries(
          SERVICES.map((s) => [`DATABASE_URL_${s.toUpperCase()}`, `postgres://svc_${s}:pw@db.example:5432/luxe_${s}`]),
        ),
      };
      for (const name of DEPLOYABLES) {
        const dep = appDeployment(docs, name);
        const env = resolveEnv(
          dep.spec.template.spec.containers[0],
          configMaps,
          secrets,
          profile === 'default' ? operatorSecret : null,
          p,
          name,
        );
        try {
          if (name === 'gateway') {
            platform.loadConfig('gateway', gatewayEnvSchema, env);
          } else {
            const def = requireBuilt(`services/${name}/dist/index.js`)[`${name}Service`];
            const c = platform.loadConfig(name, platform.serviceEnvSchema, env);
            if (def.usesRedis && !c.REDIS_URL) p.push(`${name}: REDIS_URL missing`);
            if (def.usesStorage && !c.S3_ENDPOINT) p.push(`${name}: S3_ENDPOINT missing`);
            if (def.settings) platform.loadConfig(name, def.settings, env);
          }
          if (env.NODE_ENV !== 'production') p.push(`${name}: NODE_ENV=${env.NODE_ENV}`);
        } catch (e) {
          p.push(`${name}: ${e.message.replace(/\n\s*/g, ' ')}`);
        }
        if (name !== 'gateway' && env.INTERNAL_AUTH_PRIVATE_KEY) p.push(`${name}: has the private key`);
      }
      return p;
    },
  );
}

// ------------------------------------------------------------------ across renders
check(
  'dev: generated credentials are random per install (two renders differ), the internal keys are the ones given',
  () => {
    const a = byKind(profiles.dev, 'Secret')[0]?.data ?? {};
    const b = byKind(devAgain, 'Secret')[0]?.data ?? {};
    const p = [];
    for (const k of [
      'POSTGRES_PASSWORD',
      'S3_SECRET_KEY',
      'ADMIN_TOKEN_SECRET',
      'PASS_SIGNING_SECRET',
      ...SERVICES.map((s) => `LUXE_DB_PW_${s.toUpperCase()}`),
    ]) {
      if (!a[k]) p.push(`${k} missing`);
      else if (a[k] === b[k]) p.push(`${k} is the same in two renders`);
      else if (Buffer.from(a[k], 'base64').length < 24) p.push(`${k} shorter than 24 characters`);
    }
    if (a.INTERNAL_AUTH_PUBLIC_KEY !== b.INTERNAL_AUTH_PUBLIC_KEY) p.push('the internal public key changed');
    return p;
  },
);

check(
  'dev: the in-cluster PostgreSQL runs the init scripts docker-compose.yml mounts (infra/helm/luxe/files/postgres-init, their one copy)',
  () => {
    const cm = byKind(profiles.dev, 'ConfigMap').find((c) => c.metadata.name.endsWith('-postgres-init'));
    if (!cm) return ['no postgres-init ConfigMap'];
    const dir = 'infra/helm/luxe/files/postgres-init';
    const p = [];
    if (!readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').includes(`./${dir}:/docker-entrypoint-initdb.d:ro`))
      p.push(`docker-compose.yml does not mount ./${dir}`);
    const want = Object.fromEntries(
      readdirSync(join(ROOT, dir)).map((f) => [f, readFileSync(join(ROOT, dir, f), 'utf8')]),
    );
    if (Object.keys(want).length === 0) p.push(`${dir} is empty`);
    for (const [f, text] of Object.entries(want))
      if (cm.data[f] !== text) p.push(`${f}: the ConfigMap's differs from ${dir}/${f}`);
    for (const f of Object.keys(cm.data)) if (!(f in want)) p.push(`${f} is not in ${dir}`);
    return p;
  },
);

check(
  "dev: the in-cluster Redis, like docker-compose.yml's and infra/local's, refuses writes when full (noeviction) at a maxmemory below its container's memory limit",
  () => {
    const redis = byKind(profiles.dev, 'Deployment').find((d) => component(d) === 'redis');
    const c = redis?.spec.template.spec.containers[0];
    if (!c) return ['no redis Deployment'];
    const arg = (args, name) => args[args.indexOf(name) + 1];
    const bytes = (v) => {
      const m = /^(\d+)(kb|mb|gb|ki|mi|gi)$/i.exec(String(v));
      return m ? Number(m[1]) * 1024 ** ({ kb: 1, ki: 1, mb: 2, mi: 2, gb: 3, gi: 3 }[m[2].toLowerCase()] ?? 0) : NaN;
    };
    const p = [];
    if (arg(c.args, '--maxmemory-policy') !== 'noeviction')
      p.push(`policy ${arg(c.args, '--maxmemory-policy')}, not noeviction`);
    const max = bytes(arg(c.args, '--maxmemory'));
    const limit = bytes(c.resources?.limits?.memory);
    if (!(max > 0 && max < limit))
      p.push(`maxmemory ${arg(c.args, '--maxmemory')} not below the limit ${c.resources?.limits?.memory}`);
    const composeArgs = compose.services.redis?.command ?? [];
    if (arg(composeArgs, '--maxmemory-policy') !== 'noeviction') p.push("docker-compose.yml's Redis is not noeviction");
    if (!readFileSync(join(ROOT, 'infra/local/redis.sh'), 'utf8').includes('--maxmemory-policy noeviction'))
      p.push("infra/local's Redis is not noeviction");
    return p;
  },
);

check('dev: every variable docker-compose.yml gives a process, the chart gives it too', () => {
  const p = [];
  // the chart sets COOKIE_SECURE through components.gateway.env, S3_PUBLIC_ENDPOINT and
  // STORAGE_PUBLIC_ORIGIN from s3.publicEndpoint (the dev profile: the MinIO Ingress host you choose)
  const composeOnly = new Set(['COOKIE_SECURE', 'S3_PUBLIC_ENDPOINT', 'STORAGE_PUBLIC_ORIGIN']);
  for (const s of Object.values(compose.services).filter((x) => x.environment?.SERVICE)) {
    const name = s.environment.SERVICE;
    const c = appDeployment(profiles.dev, name)?.spec.template.spec.containers[0];
    if (!c) {
      p.push(`${name}: no Deployment`);
      continue;
    }
    const cm = byKind(profiles.dev, 'ConfigMap').find((x) => x.metadata.name === c.envFrom?.[0]?.configMapRef?.name);
    const have = new Set([...Object.keys(cm?.data ?? {}), ...c.env.map((e) => e.name)]);
    // compose hands Redis and S3 to every service; the chart only to the processes whose code uses them
    const unused = (v) => (/^REDIS_URL$/.test(v) && !USES[name].redis) || (/^S3_/.test(v) && !USES[name].s3);
    for (const v of Object.keys(s.environment))
      if (!have.has(v) && !composeOnly.has(v) && !unused(v)) p.push(`${name}: ${v}`);
  }
  return p;
});

check(
  'values.yaml: kafka.partitions is at least the largest autoscaling.maxReplicas (defaults and every component)',
  () => {
    const most = Math.max(
      values.defaults.autoscaling.maxReplicas,
      ...Object.values(values.components).map((c) => c.autoscaling?.maxReplicas ?? 0),
    );
    return values.kafka.partitions >= most ? [] : [`kafka.partitions ${values.kafka.partitions} < maxReplicas ${most}`];
  },
);

check(
  "dev: a change of the generated Secret changes the pods' checksum/secret (two renders: other credentials), the ConfigMaps' checksum stays",
  () => {
    const p = [];
    for (const name of DEPLOYABLES) {
      const a = appDeployment(profiles.dev, name)?.spec.template.metadata.annotations ?? {};
      const b = appDeployment(devAgain, name)?.spec.template.metadata.annotations ?? {};
      if (!a['checksum/secret'] || a['checksum/secret'] === b['checksum/secret'])
        p.push(`${name}: checksum/secret ${a['checksum/secret']} in both renders`);
      if (a['checksum/config'] !== b['checksum/config'])
        p.push(`${name}: checksum/config changed with nothing changed`);
    }
    return p;
  },
);

check(
  'monitoring: secrets.revision (an existing Secret the chart cannot read) goes into every pod template, so bumping it rolls them',
  () => {
    const p = [];
    for (const name of DEPLOYABLES) {
      const a = appDeployment(monitoring, name)?.spec.template.metadata.annotations ?? {};
      if (a['luxe.dev/secrets-revision'] !== '2026-11-26')
        p.push(`${name}: luxe.dev/secrets-revision ${a['luxe.dev/secrets-revision']}`);
      if (appDeployment(profiles.default, name)?.spec.template.metadata.annotations?.['luxe.dev/secrets-revision'])
        p.push(`${name}: a revision annotation without secrets.revision`);
    }
    return p;
  },
);

// What the code exports: metric names registered in libs, services and the gateway (not tests).
const CODE_METRICS = (() => {
  const names = new Set();
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') walk(f);
        continue;
      }
      if (!/\.ts$/.test(e.name) || /\.(spec|test)\.ts$/.test(e.name)) continue;
      for (const m of readFileSync(f, 'utf8').matchAll(/(?:\bname:\s*|\bgauge\(\s*)['"]([a-z_][a-z0-9_]*)['"]/g))
        names.add(m[1]);
    }
  };
  for (const d of ['libs', 'gateway/src', ...SERVICES.map((s) => `services/${s}/src`)]) walk(join(ROOT, d));
  return names;
})();
/** The metric names of a PromQL expression (luxe_*): each must be registered by the code (a histogram's _bucket/_count/_sum by its base name). */
function unknownMetrics(expr) {
  const used = [...expr.matchAll(/\b(luxe_[a-z0-9_]+)/g)].map((m) => m[1]);
  if (used.length === 0) return [`${expr}: uses no luxe_ metric`];
  return used
    .filter((n) => !CODE_METRICS.has(n) && !CODE_METRICS.has(n.replace(/_(bucket|count|sum)$/, '')))
    .map((n) => `${n} is not a metric the code registers`);
}
/** Anchors of docs/runbook.md: explicit <a id> and GitHub's heading slugs. */
const RUNBOOK_ANCHORS = (() => {
  const text = readFileSync(join(ROOT, 'docs/runbook.md'), 'utf8');
  const ids = new Set([...text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)].map((m) => m[1]));
  for (const m of text.matchAll(/^#{1,6}\s+(.+)$/gm))
    ids.add(
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\- _]/gu, '')
        .replace(/ /g, '-'),
    );
  return ids;
})();

check(
  `code: the metrics the alerts may use are found (${[...CODE_METRICS].filter((n) => n.startsWith('luxe_')).length} luxe_ metrics registered)`,
  () =>
    ['luxe_outbox_oldest_unpublished_age_seconds', 'luxe_events_dead_lettered_total', 'luxe_consumer_lag']
      .filter((n) => !CODE_METRICS.has(n))
      .map((n) => `${n} not found in the code`),
);

check(
  'monitoring: one ServiceMonitor (monitoring.coreos.com/v1) per process whose metrics are on, scraping /metrics on a port its Service has, which its NetworkPolicy opens to the monitoring namespace',
  () => {
    const p = [];
    const sms = byKind(monitoring, 'ServiceMonitor');
    for (const name of DEPLOYABLES) {
      const on = byKind(monitoring, 'ConfigMap').find((c) => component(c) === name)?.data.METRICS_ENABLED === 'true';
      const mine = sms.filter((sm) => component(sm) === name);
      if (!on) {
        if (mine.length) p.push(`${name}: a ServiceMonitor although its metrics are off`);
        continue;
      }
      if (mine.length !== 1) {
        p.push(`${name}: ${mine.length} ServiceMonitors`);
        continue;
      }
      const sm = mine[0];
      if (sm.apiVersion !== 'monitoring.coreos.com/v1') p.push(`${name}: apiVersion ${sm.apiVersion}`);
      const svc = byKind(monitoring, 'Service').find((s) => component(s) === name);
      if (
        !matches(sm.spec?.selector?.matchLabels, svc.metadata.labels) ||
        !Object.keys(sm.spec?.selector?.matchLabels ?? {}).length
      )
        p.push(`${name}: the selector does not select its Service`);
      if (
        byKind(monitoring, 'Service').filter((s) => matches(sm.spec?.selector?.matchLabels, s.metadata.labels))
          .length !== 1
      )
        p.push(`${name}: the selector selects more than its Service`);
      const eps = sm.spec?.endpoints ?? [];
      if (eps.length !== 1) p.push(`${name}: ${eps.length} endpoints`);
      for (const ep of eps) {
        const port = svc.spec.ports.find((x) => x.name === ep.port);
        if (!port) p.push(`${name}: endpoint port ${ep.port} is not a port of its Service`);
        // A process with a metrics listener of its own (the gateway) serves /metrics there only.
        const metricsPort = byKind(monitoring, 'ConfigMap').find((c) => component(c) === name)?.data.METRICS_PORT;
        if (metricsPort && port && port.targetPort !== 'metrics' && String(port.targetPort) !== metricsPort)
          p.push(`${name}: scrapes ${ep.port}, but its metrics are served on ${metricsPort}`);
        if (ep.path !== '/metrics') p.push(`${name}: path ${ep.path}`);
        if (!/^\d+(ms|s|m|h)$/.test(ep.interval ?? '')) p.push(`${name}: interval ${ep.interval}`);
        const np = byKind(monitoring, 'NetworkPolicy').find(
          (n) => n.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === name,
        );
        const open = (np?.spec.ingress ?? []).some(
          (r) =>
            (r.from ?? []).some(
              (f) =>
                JSON.stringify(f.namespaceSelector) ===
                JSON.stringify(values.networkPolicy.monitoring.namespaceSelector),
            ) && (r.ports ?? []).some((x) => x.port === port?.port),
        );
        if (!open) p.push(`${name}: its NetworkPolicy does not admit the monitoring namespace on ${port?.port}`);
      }
    }
    return p;
  },
);

check(
  "monitoring: the PrometheusRule (monitoring.coreos.com/v1) has the runbook's alerts, each with an expression, a severity, a summary and a runbook_url",
  () => {
    const p = [];
    const rules = byKind(monitoring, 'PrometheusRule');
    if (rules.length !== 1) return [`${rules.length} PrometheusRules`];
    const r = rules[0];
    if (r.apiVersion !== 'monitoring.coreos.com/v1') p.push(`apiVersion ${r.apiVersion}`);
    const alerts = (r.spec?.groups ?? []).flatMap((g) => (g.rules ?? []).map((x) => ({ group: g.name, ...x })));
    if (!(r.spec?.groups ?? []).every((g) => typeof g.name === 'string' && Array.isArray(g.rules)))
      p.push('a group without a name or rules');
    for (const want of ['LuxeOutboxStuck', 'LuxeOutboxParked', 'LuxeDeadLetters', 'LuxeConsumerLag', 'LuxeHttpErrors'])
      if (!alerts.some((a) => a.alert === want)) p.push(`no alert ${want}`);
    for (const a of alerts) {
      if (typeof a.alert !== 'string' || typeof a.expr !== 'string')
        p.push(`${a.alert}: alert and expr must be strings`);
      if (!['warning', 'critical'].includes(a.labels?.severity)) p.push(`${a.alert}: severity ${a.labels?.severity}`);
      if (!a.annotations?.summary) p.push(`${a.alert}: no summary`);
      if (!a.annotations?.runbook_url) p.push(`${a.alert}: no runbook_url`);
      if (a.for !== undefined && !/^\d+(s|m|h)$/.test(a.for)) p.push(`${a.alert}: for ${a.for}`);
      if (!/namespace="luxe"/.test(a.expr)) p.push(`${a.alert}: not scoped to the release's namespace`);
    }
    return p;
  },
);

check(
  "monitoring: every alert's runbook_url is monitoring.runbookUrl with an anchor that exists in docs/runbook.md",
  () => {
    const p = [];
    for (const a of byKind(monitoring, 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g) => g.rules))) {
      const url = a.annotations?.runbook_url ?? '';
      const [base, anchor] = url.split('#');
      if (base !== 'https://git.example.com/luxeswipe/blob/main/docs/runbook.md')
        p.push(`${a.alert}: ${url} is not under monitoring.runbookUrl`);
      if (!anchor || !RUNBOOK_ANCHORS.has(anchor)) p.push(`${a.alert}: #${anchor} is no anchor of docs/runbook.md`);
    }
    return p;
  },
);

check('monitoring: every alert uses only metrics the code registers (libs, services, gateway)', () =>
  byKind(monitoring, 'PrometheusRule')
    .flatMap((r) => r.spec.groups.flatMap((g) => g.rules))
    .flatMap((a) => unknownMetrics(a.expr).map((x) => `${a.alert}: ${x}`)),
);

check(
  'monitoring: the Grafana dashboard ConfigMap (label grafana_dashboard) holds a dashboard whose every panel queries metrics the code registers',
  () => {
    const p = [];
    const cms = byKind(monitoring, 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    if (cms.length !== 1) return [`${cms.length} dashboard ConfigMaps`];
    const files = Object.entries(cms[0].data ?? {});
    if (files.length !== 1 || !files[0][0].endsWith('.json')) return [`data: ${files.map(([k]) => k)}`];
    let dash;
    try {
      dash = JSON.parse(files[0][1]);
    } catch (e) {
      return [`not JSON: ${e.message}`];
    }
    if (!dash.uid || !dash.title || !Array.isArray(dash.panels) || dash.panels.length === 0)
      p.push('no uid, title or panels');
    for (const panel of dash.panels ?? []) {
      if (!panel.targets?.length) p.push(`${panel.title}: no query`);
      for (const t of panel.targets ?? []) p.push(...unknownMetrics(t.expr).map((x) => `${panel.title}: ${x}`));
    }
    for (const a of byKind(monitoring, 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g) => g.rules)))
      if (!(dash.panels ?? []).some((x) => x.description?.includes(a.alert)))
        p.push(`no panel for the alert ${a.alert}`);
    return p;
  },
);

console.log(`assertions: ${failures === 0 ? 'all passed' : `${failures} failed`}`);
process.exit(failures ? 1 : 0);

// ------------------------------------------------------------------ helpers
function matches(selector, labels) {
  return Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v);
}
function flatStrings(v) {
  if (typeof v === 'string') return [v];
  if (v && typeof v === 'object') return Object.values(v).flatMap(flatStrings);
  return [];
}
function requireBuilt(rel) {
  const f = join(ROOT, rel);
  if (!existsSync(f)) throw new Error(`${rel} is not built (run: npm run build:ts)`);
  return require(f);
}
/** The container's environment as the kubelet would give it: envFrom ConfigMaps, then env (literal or Secret keys). */
function resolveEnv(container, configMaps, secrets, externalSecret, problems, who) {
  const env = {};
  for (const f of container.envFrom ?? []) {
    const cm = configMaps.find((c) => c.metadata.name === f.configMapRef?.name);
    if (!cm) problems.push(`${who}: ConfigMap ${f.configMapRef?.name} not rendered`);
    Object.assign(env, cm?.data ?? {});
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const ref = e.valueFrom?.secretKeyRef;
    if (!ref) continue;
    const s = secrets.find((x) => x.metadata.name === ref.name);
    let v;
    if (s) v = s.data?.[ref.key] !== undefined ? Buffer.from(s.data[ref.key], 'base64').toString() : undefined;
    else if (externalSecret) v = externalSecret[ref.key];
    else problems.push(`${who}: Secret ${ref.name} not rendered`);
    if (v === undefined && !ref.optional) problems.push(`${who}: ${e.name} <- ${ref.name}/${ref.key} missing`);
    if (v !== undefined) env[e.name] = v;
  }
  return env;
}
