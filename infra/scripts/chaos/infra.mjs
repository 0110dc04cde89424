// @ts-check
// The chaos run's own Kafka broker and PostgreSQL clusters: loopback ports of their own, data in a
// temporary directory, started from what infra/local already installed (the broker's jars under
// $LUXE_INFRA_HOME/kafka/lib, Debian's /usr/lib/postgresql/*/bin). Never the shared infra/local
// servers: those are only read (their jars, their binaries), never started, stopped or killed here.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function infraHome() {
  return (
    process.env.LUXE_INFRA_HOME ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'luxeswipe-infra')
  );
}

/** True when something accepts connections on 127.0.0.1:port. */
/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function portOpen(port) {
  return new Promise((res) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), res(true)));
    s.once('error', () => res(false));
    s.once('timeout', () => (s.destroy(), res(false)));
  });
}

/** @param {number[]} ports */
export async function requirePortsFree(ports) {
  for (const p of ports)
    if (await portOpen(p))
      throw new Error(
        `port 127.0.0.1:${p} is in use; the chaos run needs it for its own servers (pick another base with CHAOS_BASE_PORT)`,
      );
}

/**
 * @param {string} what
 * @param {() => Promise<boolean> | boolean} check
 * @param {number} timeoutMs
 * @param {() => boolean} [alive]
 */
async function waitFor(what, check, timeoutMs, alive = () => true) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!alive()) throw new Error(`${what}: the process exited`);
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`${what}: not ready within ${timeoutMs / 1000} s`);
}

/** Kafka 3.9 KRaft single node on 127.0.0.1:port (controller port+1), data in dir. */
export class ChaosKafka {
  /**
   * @param {string} dir
   * @param {number} port
   */
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.lib = join(infraHome(), 'kafka', 'lib');
    /** @type {import('node:child_process').ChildProcess | null} */
    this.child = null;
  }

  get brokers() {
    return `127.0.0.1:${this.port}`;
  }

  provision() {
    if (!existsSync(this.lib) || !readdirSync(this.lib).some((f) => /^kafka_2\.13-.*\.jar$/.test(f)))
      throw new Error(`no Kafka jars under ${this.lib}: run infra/local/up.sh kafka once`);
    mkdirSync(join(this.dir, 'data'), { recursive: true });
    writeFileSync(
      join(this.dir, 'server.properties'),
      [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@127.0.0.1:${this.port + 1}`,
        `listeners=PLAINTEXT://127.0.0.1:${this.port},CONTROLLER://127.0.0.1:${this.port + 1}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${this.port}`,
        'controller.listener.names=CONTROLLER',
        'inter.broker.listener.name=PLAINTEXT',
        'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        `log.dirs=${join(this.dir, 'data')}`,
        'auto.create.topics.enable=false',
        'num.partitions=3',
        'default.replication.factor=1',
        'min.insync.replicas=1',
        'offsets.topic.replication.factor=1',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'group.initial.rebalance.delay.ms=0',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(this.dir, 'log4j.properties'),
      [
        'log4j.rootLogger=INFO, file',
        'log4j.appender.file=org.apache.log4j.FileAppender',
        `log4j.appender.file.File=${join(this.dir, 'server.log')}`,
        'log4j.appender.file.layout=org.apache.log4j.PatternLayout',
        'log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n',
        'log4j.logger.kafka.request.logger=WARN',
        'log4j.logger.state.change.logger=WARN',
        '',
      ].join('\n'),
    );
    const cp = `${this.lib}/*`;
    const log4j = `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`;
    const id =
      execFileSync('java', [log4j, '-cp', cp, 'kafka.tools.StorageTool', 'random-uuid'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop() ?? '';
    execFileSync(
      'java',
      [log4j, '-cp', cp, 'kafka.tools.StorageTool', 'format', '-t', id, '-c', join(this.dir, 'server.properties')],
      { stdio: 'ignore' },
    );
  }

  async start() {
    const out = createWriteStream(join(this.dir, 'kafka.out'), { flags: 'a' });
    const heap = (process.env.CHAOS_KAFKA_HEAP ?? '-Xmx384m -Xms128m').split(' ');
    const child = spawn(
      'java',
      [
        ...heap,
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${join(this.dir, 'log4j.properties')}`,
        '-cp',
        `${this.lib}/*`,
        'kafka.Kafka',
        join(this.dir, 'server.properties'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    this.child = child;
    const started = () =>
      existsSync(join(this.dir, 'server.log')) &&
      readFileSync(join(this.dir, 'server.log'), 'utf8').split('Kafka Server started').length > this.starts + 1;
    this.starts = this.starts ?? 0;
    await waitFor(
      'chaos kafka',
      async () => (await portOpen(this.port)) && started(),
      300_000,
      () => child.exitCode === null && !child.signalCode,
    );
    this.starts++;
  }

  get pid() {
    return this.child?.pid;
  }

  /** kill -9 the broker, and wait until it is gone. */
  async kill9() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode) return;
    await new Promise((res) => {
      child.once('exit', res);
      child.kill('SIGKILL');
    });
  }

  async stop() {
    await this.kill9(); // its data is thrown away with the directory
  }
}

/** A PostgreSQL cluster on 127.0.0.1:port, data in dir, owned by `postgres` when run as root. */
export class ChaosPostgres {
  /**
   * @param {string} dir
   * @param {number} port
   * @param {string} name
   * @param {'on' | 'off'} [synchronousCommit]
   */
  constructor(dir, port, name, synchronousCommit = 'on') {
    this.dir = dir;
    this.port = port;
    this.name = name;
    this.synchronousCommit = synchronousCommit;
    this.data = join(dir, 'data');
    this.root = process.getuid?.() === 0;
    this.bin = ChaosPostgres.binDir();
  }

  static binDir() {
    if (process.env.LUXE_PG_BIN) return process.env.LUXE_PG_BIN;
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base)
      ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
      : [];
    if (!versions.length)
      throw new Error('no /usr/lib/postgresql/*/bin/pg_ctl (infra/local/up.sh postgres installs it)');
    versions.sort((a, b) => Number(a) - Number(b));
    return join(base, versions[versions.length - 1], 'bin');
  }

  /** Runs a PostgreSQL program as the cluster's owner. */
  /**
   * @param {string} program
   * @param {string[]} args
   * @param {Omit<import('node:child_process').ExecFileSyncOptions, 'encoding'>} [opts]
   * @returns {string} what it printed (nothing when opts.stdio does not pipe it)
   */
  run(program, args, opts = {}) {
    const cmd = join(this.bin, program);
    if (!this.root) return execFileSync(cmd, args, { cwd: '/', ...opts, encoding: 'utf8' });
    return execFileSync('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', cmd, ...args], {
      cwd: '/',
      ...opts,
      encoding: 'utf8',
    });
  }

  get adminUrl() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  provision() {
    mkdirSync(this.dir, { recursive: true });
    if (this.root) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
    }
    this.run(
      'initdb',
      [
        '-D',
        this.data,
        '-U',
        'postgres',
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--auth-local=trust',
        '--auth-host=trust',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    // Loopback only. synchronous_commit: on (PostgreSQL's default, production's) unless
    // CHAOS_PG_SYNCHRONOUS_COMMIT=off, infra/local's setting, where a crash loses the last commits.
    const conf = [
      `listen_addresses = '127.0.0.1'`,
      `port = ${this.port}`,
      `unix_socket_directories = '${this.dir}'`,
      'max_connections = 200',
      `synchronous_commit = ${this.synchronousCommit}`,
      'logging_collector = off',
      '',
    ].join('\n');
    execFileSync('sh', ['-c', `cat >> '${join(this.data, 'postgresql.conf')}'`], { input: conf });
  }

  async start() {
    this.run('pg_ctl', ['start', '-D', this.data, '-l', join(this.dir, 'postgres.log'), '-w', '-t', '180', '-s'], {
      stdio: 'ignore',
    });
    await waitFor(`chaos postgres ${this.name}`, () => portOpen(this.port), 60_000);
  }

  /** The postmaster's pid (first line of postmaster.pid). */
  get pid() {
    try {
      return Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return undefined;
    }
  }

  /** kill -9 the postmaster and every backend of it (the whole server crashes), and wait until all are gone. */
  async kill9() {
    const pid = this.pid;
    if (!pid) return;
    const children = childrenOf(pid);
    for (const p of [pid, ...children]) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    /** @param {number} p */
    const alive = (p) => {
      try {
        process.kill(p, 0);
        return true;
      } catch {
        return false;
      }
    };
    await waitFor(`chaos postgres ${this.name} to die`, async () => ![pid, ...children].some(alive), 30_000);
  }

  async stop() {
    try {
      this.run('pg_ctl', ['stop', '-D', this.data, '-m', 'immediate', '-w', '-t', '30', '-s'], { stdio: 'ignore' });
    } catch {
      await this.kill9();
    }
  }
}

/** Direct children of a process (from /proc). */
/** @param {number} pid */
export function childrenOf(pid) {
  const out = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** Resident set size of a process in bytes (VmRSS), or null when it is gone. */
/** @param {number | undefined} pid a process that is not there (or none) has no figure: null */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}
