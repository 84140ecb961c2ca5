/**
 * The deployment files read the way their tools read them:
 * - docker-compose.yml: parsed as YAML 1.2 (the `yaml` package, strict), validated against the
 *   Compose Specification's JSON schema (compose-spec.json as shipped by the `dclint` package) as
 *   written and after Compose's variable interpolation; services, healthchecks, the variables with
 *   defaults and the required ones, volumes and the bind-mounted file checked;
 * - Dockerfile: the instructions checked by `dockerfile-utils` (the Docker language server's
 *   validator), every file a COPY takes from the build context present and not excluded by
 *   .dockerignore (`@balena/dockerignore`, Docker's own matching);
 * - deploy/nginx.conf: `nginx -t` on the container configuration, with one test-time substitution:
 *   the upstream host `app` (the Compose service, resolved by Docker's DNS inside the network) is
 *   written 127.0.0.1, and the access log goes to a temporary folder; every other line is tested
 *   as shipped.
 * The committed files are also what deploy/topology.ts makes (`npm run deploy:generate`; the same
 * check runs in e2e/topology.e2e.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import dockerignore from '@balena/dockerignore';
import Ajv from 'ajv';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { parseDocument } from 'yaml';
import { composeFile, composeNginxConf, TOPOLOGY } from './topology';

const REPO = resolve(__dirname, '..');
const read = (rel: string) => readFileSync(join(REPO, rel), 'utf8');
/**
 * The Compose Specification's schema as the dclint package ships it (schemas/, outside its exports).
 * Its `$schema` names draft-07 by an https address Ajv does not register; Ajv compiles it as the
 * draft-07 it is (the way dclint itself does).
 */
const { $schema: _draft07, ...COMPOSE_SCHEMA } = JSON.parse(
  readFileSync(join(dirname(require.resolve('dclint/package.json')), 'schemas', 'compose.schema.json'), 'utf8'),
) as Record<string, unknown>;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * YAML as Compose reads it: one document, no errors or warnings (duplicate keys included), and the
 * same values whether read as YAML 1.2 (Compose v2's go-yaml) or YAML 1.1 (PyYAML, Compose v1),
 * where a bare `yes` or `on` would turn into a boolean.
 */
function parseYaml(text: string): Json {
  const read = (version: '1.1' | '1.2') => {
    const doc = parseDocument(text, { version, uniqueKeys: true, strict: true, prettyErrors: false });
    const problems = [...doc.errors, ...doc.warnings].map((e) => e.message.split('\n')[0]);
    if (problems.length) throw new Error(`not valid YAML: ${problems.join('; ')}`);
    return doc.toJS() as Json;
  };
  const modern = read('1.2');
  expect(read('1.1')).toEqual(modern);
  return modern;
}

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
const validateCompose = ajv.compile(COMPOSE_SCHEMA);
function schemaErrors(doc: Json): string[] {
  return validateCompose(doc) ? [] : (validateCompose.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/**
 * Compose's interpolation (compose-spec, «Interpolation»): `$VAR`, `${VAR}`, `${VAR:-default}` /
 * `${VAR-default}`, `${VAR:?error}` / `${VAR?error}`, `${VAR:+alt}` / `${VAR+alt}`, `$$` for `$`;
 * in every string value (keys are not interpolated). Throws the `?` messages like Compose does.
 */
export function interpolate(value: Json, env: Record<string, string | undefined>): Json {
  if (typeof value === 'string')
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (
        all,
        name: string | undefined,
        colon: string | undefined,
        op: string | undefined,
        arg: string | undefined,
        bare?: string,
      ) => {
        if (all === '$$') return '$';
        if (bare) return env[bare] ?? '';
        const v = env[name!];
        const unset = colon ? !v : v === undefined;
        if (op === '-') return unset ? arg! : v!;
        if (op === '?') {
          if (unset) throw new Error(`required variable ${name} is missing a value: ${arg}`);
          return v!;
        }
        if (op === '+') return unset ? '' : arg!;
        return v ?? '';
      },
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

interface Service {
  image?: string;
  build?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas: number };
}
interface Compose {
  services: Record<string, Service>;
  volumes: Record<string, Json>;
}
const REQUIRED = { SESSION_SECRET: 'a-session-secret-of-32-characters', TOKEN_ENCRYPTION_KEY: 'a-token-encryption-key' };

describe('docker-compose.yml', () => {
  const text = read('docker-compose.yml');

  it('is what deploy/topology.ts makes (npm run deploy:generate)', () => {
    expect(text).toBe(composeFile());
    expect(read('deploy/nginx.conf')).toBe(composeNginxConf());
  });

  it('parses as YAML and is valid against the Compose Specification schema, as written and interpolated', () => {
    const doc = parseYaml(text);
    expect(schemaErrors(doc)).toEqual([]);
    expect(schemaErrors(interpolate(doc, REQUIRED))).toEqual([]);
  });

  it('the schema check is real: a wrong key, a wrong type and a bad depends_on are refused', () => {
    const doc = parseYaml(text) as unknown as Compose & Record<string, Json>;
    const broken = (change: (d: Compose & Record<string, Json>) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return schemaErrors(copy as unknown as Json);
    };
    expect(broken((d) => ((d.services.app as unknown as Record<string, Json>).restartt = 'always'))).toContain(
      '/services/app must NOT have additional properties',
    );
    expect(broken((d) => ((d.services.proxy as unknown as Record<string, Json>).ports = '8080:80'))).toContain(
      '/services/proxy/ports must be array',
    );
    expect(broken((d) => (d.services.proxy.depends_on = { app: { condition: 'healthy' } }))).toContain(
      '/services/proxy/depends_on/app/condition must be equal to one of the allowed values',
    );
  });

  it('the line that broke it (`ports: [${HTTP_PORT:-8080}:80]`) is refused by the parser; a bare `yes` would differ under YAML 1.1', () => {
    expect(() => parseYaml('services:\n  proxy:\n    ports: [${HTTP_PORT:-8080}:80]\n')).toThrow(/not valid YAML/);
    expect(() => parseYaml('services:\n  redis:\n    command: [redis-server, --appendonly, yes]\n')).toThrow();
  });

  it('variables: defaults apply, a value set wins, the secrets are required with a message', () => {
    const doc = parseYaml(text);
    const compose = interpolate(doc, REQUIRED) as unknown as Compose;
    expect(compose.services.proxy.ports).toEqual([`8080:${TOPOLOGY.proxy.port}`]);
    expect(compose.services.app.environment).toMatchObject({
      ...REQUIRED,
      PUBLIC_URL: 'http://localhost:8080',
      TRUST_PROXY: '1',
      ESI_BASE_URL: 'https://esi.evetech.net',
      SSO_CLIENT_ID: '',
      MONGODB_URI: `mongodb://mongo:${TOPOLOGY.mongo.port}/?replicaSet=${TOPOLOGY.mongo.replicaSet}`,
      REDIS_URL: `redis://redis:${TOPOLOGY.redis.port}`,
      DATA_DIR: '/data',
    });
    const custom = interpolate(doc, { ...REQUIRED, HTTP_PORT: '9000', PUBLIC_URL: 'https://eve.example' }) as unknown as Compose;
    expect(custom.services.proxy.ports).toEqual(['9000:80']);
    expect(custom.services.app.environment?.PUBLIC_URL).toBe('https://eve.example');
    expect(() => interpolate(doc, { TOKEN_ENCRYPTION_KEY: 'k' })).toThrow(
      'required variable SESSION_SECRET is missing a value: set SESSION_SECRET (at least 16 characters)',
    );
    expect(() => interpolate(doc, { SESSION_SECRET: 's' })).toThrow(/required variable TOKEN_ENCRYPTION_KEY is missing a value/);
  });

  it('services: images or the build, healthchecks where others wait for health, replicas, one published port', () => {
    const { services } = interpolate(parseYaml(text), REQUIRED) as unknown as Compose;
    expect(Object.keys(services).sort()).toEqual(['app', 'mongo', 'proxy', 'redis']);
    expect(services.app.build).toBe('.');
    expect(services.app.deploy?.replicas).toBe(TOPOLOGY.app.replicas);
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect({ name, dep, known: dep in services }).toEqual({ name, dep, known: true });
        // service_healthy needs a healthcheck: the service's own, or for the app the image's HEALTHCHECK.
        if (condition === 'service_healthy')
          expect({
            dep,
            healthcheck: Boolean(services[dep].healthcheck) || (dep === 'app' && /^HEALTHCHECK /m.test(read('Dockerfile'))),
          }).toEqual({
            dep,
            healthcheck: true,
          });
      }
      if (s.healthcheck) expect(['CMD', 'CMD-SHELL']).toContain(s.healthcheck.test[0]);
    }
    // Only the proxy publishes a port (so `--scale app=N` works).
    expect(
      Object.entries(services)
        .filter(([, s]) => s.ports)
        .map(([n]) => n),
    ).toEqual(['proxy']);
  });

  it('volumes: every named volume is declared and used; the bind-mounted file exists', () => {
    const compose = parseYaml(text) as unknown as Compose;
    const mounts = Object.values(compose.services).flatMap((s) => s.volumes ?? []);
    const named = mounts.map((m) => m.split(':')[0]).filter((source) => !source.startsWith('.') && !source.startsWith('/'));
    expect([...new Set(named)].sort()).toEqual(Object.keys(compose.volumes).sort());
    for (const bind of mounts.map((m) => m.split(':')[0]).filter((source) => source.startsWith('./')))
      expect({ bind, file: existsSync(join(REPO, bind)) && statSync(join(REPO, bind)).isFile() }).toEqual({ bind, file: true });
  });
});

describe('Dockerfile', () => {
  const text = read('Dockerfile');

  it('every instruction is valid (dockerfile-utils)', () => {
    expect(validateDockerfile(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('the validator is real: an unknown instruction and a bad flag are refused', () => {
    const messages = validateDockerfile('FROM node:20\nCOPPY a b\nHEALTHCHECK --interval=fast CMD true\n').map((d) => d.message);
    expect(messages).toHaveLength(2);
  });

  it('every file a COPY takes from the build context exists and is not excluded by .dockerignore', () => {
    const ignored = dockerignore().add(read('.dockerignore').split('\n'));
    const sources = DockerfileParser.parse(text)
      .getCOPYs()
      .filter((c) => !c.getFromFlag())
      .flatMap((c) =>
        c
          .getArguments()
          .slice(0, -1)
          .map((a) => a.getValue()),
      );
    expect(sources.length).toBeGreaterThan(5);
    const problems = sources
      .filter((s) => s !== '.')
      .flatMap((s) => (!existsSync(join(REPO, s)) ? [`${s}: missing`] : ignored.ignores(s) ? [`${s}: in .dockerignore`] : []));
    expect(problems).toEqual([]);
    // The check is real.
    expect(ignored.ignores('node_modules')).toBe(true);
  });

  it('listens on the topology port, has a healthcheck and starts the built server', () => {
    const instructions = DockerfileParser.parse(text).getInstructions();
    const of = (kw: string) => instructions.filter((i) => i.getKeyword() === kw).map((i) => i.getArgumentsContent());
    expect(of('EXPOSE')).toEqual([String(TOPOLOGY.app.port)]);
    expect(of('HEALTHCHECK')).toHaveLength(1);
    expect(of('CMD').at(-1)).toBe('["node", "backend/dist/main.js"]');
    expect(of('FROM').every((image) => /^[\w.-]+:[\w.-]+/.test(image ?? ''))).toBe(true);
  });
});

describe('deploy/nginx.conf', () => {
  /** `nginx -t` of a configuration, with the pid and error log in `dir` (the shipped file sets neither). */
  function nginxTest(conf: string, dir: string): string {
    writeFileSync(join(dir, 'nginx.conf'), conf);
    try {
      execFileSync(
        'nginx',
        ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `pid ${dir}/nginx.pid; error_log ${dir}/error.log;`],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      return 'ok';
    } catch (e) {
      return String((e as { stderr?: Buffer }).stderr ?? e);
    }
  }

  it('passes nginx -t with the upstream host app written 127.0.0.1 and the access log in a temp folder (nothing else changed)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-compose-'));
    try {
      const shipped = read('deploy/nginx.conf');
      const conf = shipped
        .replace(/^(\s+server )app:/gm, '$1127.0.0.1:')
        .replace(/access_log \/var\/log\/nginx\//, `access_log ${dir}/`);
      expect(conf.split('\n').filter((l, i) => l !== shipped.split('\n')[i])).toHaveLength(2);
      expect(nginxTest(conf, dir)).toBe('ok');
      // As shipped, only the host is unknown here (Docker's DNS resolves it inside the network); a typo is refused.
      expect(nginxTest(shipped.replace(/access_log \/var\/log\/nginx\//, `access_log ${dir}/`), dir)).toMatch(
        /host not found in upstream "app:3000"/,
      );
      expect(nginxTest(conf.replace('proxy_read_timeout', 'proxy_read_timeot'), dir)).toMatch(
        /unknown directive "proxy_read_timeot"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
