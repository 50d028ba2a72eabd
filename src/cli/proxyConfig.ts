import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { checkPaymentsProxyOptions, type PaymentsProxyOptions } from '../server-node/index.js';

/** The default port of `payments-kit proxy`: beside Rails (3000), Django and Laravel (8000) and the sandbox (4010). */
export const DEFAULT_PORT = 4000;

/**
 * What `payments-kit proxy` runs: the proxy's options (without the upstream and the error log,
 * which the process adds) and where it listens. `sandbox` leaves the upstream address and
 * credentials to the embedded sandbox.
 */
export interface ProxyProcessConfig {
  options: Omit<PaymentsProxyOptions, 'baseUrl' | 'legacyBaseUrl' | 'credentials'> &
    Partial<Pick<PaymentsProxyOptions, 'baseUrl' | 'legacyBaseUrl' | 'credentials'>>;
  host: string;
  port: number;
  sandbox: boolean;
  /**
   * A Redis server shared by every instance (`redis://…` or `rediss://…`): the confirms' replays
   * and the rate limits then hold across instances (docs/many-instances.md). Default: in memory.
   */
  redisUrl?: string | undefined;
}

/** A configuration `payments-kit proxy` cannot run on: every problem found, each naming what to set. */
export class ProxyConfigError extends Error {
  override name = 'ProxyConfigError';
  constructor(readonly problems: string[]) {
    super(`payments-kit proxy cannot start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const text = z.string().check(z.minLength(1));
const origins = z.array(text);

/** The configuration file: the proxy's options as JSON (the ones a process can take from a file), plus where to listen. */
const fileSchema = z.strictObject({
  baseUrl: z.optional(text),
  legacyBaseUrl: z.optional(text),
  legacyPathPrefix: z.optional(z.enum(['/api/api', '/api'])),
  credentials: z.optional(z.strictObject({ clientId: z.optional(text), apiKey: z.optional(text), appId: z.optional(text) })),
  sessions: z.optional(
    z.strictObject({ secret: z.optional(z.union([text, z.array(text).check(z.minLength(1))])), audience: z.optional(text), issuer: z.optional(text) }),
  ),
  flowOrigins: z.optional(origins),
  allowedOrigins: z.optional(origins),
  basePath: z.optional(text),
  timeoutMs: z.optional(z.number()),
  maxBodyBytes: z.optional(z.number()),
  trustProxy: z.optional(z.union([z.boolean(), z.number()])),
  redisUrl: z.optional(text),
  host: z.optional(text),
  port: z.optional(z.number()),
});
type FileConfig = z.infer<typeof fileSchema>;

/**
 * Each setting of the proxy process: its environment variable, its key in the configuration file,
 * and what it is, for the error that asks for it.
 */
const settings = {
  baseUrl: { env: 'PAYMENTS_BASE_URL', what: 'the payments API\'s v2 base address, without the trailing /api (docs/api.md#base-addresses)' },
  legacyBaseUrl: { env: 'PAYMENTS_LEGACY_BASE_URL', what: 'the legacy interface\'s base address, without the trailing /api (docs/api.md#base-addresses)' },
  legacyPathPrefix: { env: 'PAYMENTS_LEGACY_PATH_PREFIX', what: '"/api/api" (default) or "/api"' },
  'credentials.clientId': { env: 'PAYMENTS_CLIENT_ID', what: 'the API client id (docs/api.md#authentication)' },
  'credentials.apiKey': { env: 'PAYMENTS_API_KEY', what: 'the API key (docs/api.md#authentication)' },
  'credentials.appId': { env: 'PAYMENTS_APP_ID', what: 'the App id an organisation key acts for' },
  'sessions.secret': { env: 'PAYMENTS_SESSION_SECRET', what: 'the secret your app mints sessions with, at least 32 bytes (e.g. `openssl rand -base64 32`)' },
  'sessions.previousSecret': { env: 'PAYMENTS_SESSION_PREVIOUS_SECRET', what: 'the secret being rotated out, still accepted' },
  'sessions.audience': { env: 'PAYMENTS_SESSION_AUDIENCE', what: 'the name of this deployment its sessions are minted for, e.g. "https://shop.example" (docs/session-token.md)' },
  'sessions.issuer': { env: 'PAYMENTS_SESSION_ISSUER', what: 'the issuer every session must name' },
  flowOrigins: { env: 'PAYMENTS_FLOW_ORIGINS', what: 'origins a created flow\'s link may point to, separated by spaces' },
  allowedOrigins: { env: 'PAYMENTS_ALLOWED_ORIGINS', what: 'origins of pages on other sites that may call the proxy, separated by spaces' },
  basePath: { env: 'PAYMENTS_BASE_PATH', what: 'where the proxy is mounted (default /api/payments)' },
  timeoutMs: { env: 'PAYMENTS_TIMEOUT_MS', what: 'the upstream deadline in milliseconds' },
  maxBodyBytes: { env: 'PAYMENTS_MAX_BODY_BYTES', what: 'the largest request body in bytes' },
  trustProxy: { env: 'PAYMENTS_TRUST_PROXY', what: 'how many proxies in front append to X-Forwarded-For (a number, true or false)' },
  redisUrl: { env: 'PAYMENTS_REDIS_URL', what: 'a Redis server every instance shares, redis://host:6379 (docs/many-instances.md)' },
  host: { env: 'HOST', what: 'the address to listen on (default 127.0.0.1; 0.0.0.0 in a container)' },
  port: { env: 'PORT', what: `the port to listen on (default ${DEFAULT_PORT})` },
} as const;
type Setting = keyof typeof settings;

/** Where a setting came from, for the error about it: the environment variable or the file's key. */
function sourceOf(setting: Setting, env: NodeJS.ProcessEnv, file: string | undefined): string {
  const variable = settings[setting].env;
  if (env[variable] !== undefined || file === undefined) return variable;
  return `${variable} (or ${setting.replace('previousSecret', 'secret')} in ${file})`;
}

/**
 * Reads the proxy process's configuration: the JSON file (`--config`, or PAYMENTS_PROXY_CONFIG)
 * first, the environment over it. Throws a {@link ProxyConfigError} listing every missing or
 * wrong setting by the variable that sets it; the proxy's own checks (`checkPaymentsProxyOptions`)
 * run too, so a configuration that passes here starts.
 */
export function readProxyConfig({ env, configFile, sandbox }: { env: NodeJS.ProcessEnv; configFile?: string | undefined; sandbox: boolean }): ProxyProcessConfig {
  const problems: string[] = [];
  const filePath = configFile ?? nonEmpty(env.PAYMENTS_PROXY_CONFIG);
  const file = filePath === undefined ? {} : readFile(path.resolve(filePath), problems);
  const fileName = filePath;
  const value = (setting: Setting, fromFile: string | undefined): string | undefined => nonEmpty(env[settings[setting].env]) ?? fromFile;
  const list = (setting: Setting, fromFile: readonly string[] | undefined): string[] | undefined => {
    const raw = nonEmpty(env[settings[setting].env]);
    return raw === undefined ? fromFile?.slice() : raw.split(/[\s,]+/).filter(Boolean);
  };
  const number = (setting: Setting, fromFile: number | undefined, { min, max }: { min: number; max: number }): number | undefined => {
    const raw = nonEmpty(env[settings[setting].env]);
    const parsed = raw === undefined ? fromFile : /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (parsed !== undefined && !(Number.isInteger(parsed) && parsed >= min && parsed <= max)) {
      problems.push(`${sourceOf(setting, env, fileName)} must be a whole number from ${min} to ${max}: ${settings[setting].what}.`);
      return undefined;
    }
    return parsed;
  };
  const required = (setting: Setting, found: string | undefined): string | undefined => {
    if (found === undefined) problems.push(`set ${sourceOf(setting, env, fileName)}: ${settings[setting].what}.`);
    return found;
  };

  const upstream = sandbox
    ? {}
    : {
        baseUrl: required('baseUrl', value('baseUrl', file.baseUrl)),
        legacyBaseUrl: required('legacyBaseUrl', value('legacyBaseUrl', file.legacyBaseUrl)),
        credentials: {
          clientId: required('credentials.clientId', value('credentials.clientId', file.credentials?.clientId)) ?? '',
          apiKey: required('credentials.apiKey', value('credentials.apiKey', file.credentials?.apiKey)) ?? '',
          appId: value('credentials.appId', file.credentials?.appId),
        },
      };
  const fileSecrets = file.sessions?.secret === undefined ? [] : [file.sessions.secret].flat();
  const secret = required('sessions.secret', value('sessions.secret', fileSecrets[0]));
  const previous = nonEmpty(env[settings['sessions.previousSecret'].env]);
  const secrets = secret === undefined ? [] : [secret, ...(previous === undefined ? fileSecrets.slice(1) : [previous])];
  const audience = required('sessions.audience', value('sessions.audience', file.sessions?.audience));
  const issuer = value('sessions.issuer', file.sessions?.issuer);
  const legacyPathPrefix = value('legacyPathPrefix', file.legacyPathPrefix);
  const trustProxy = readTrustProxy(nonEmpty(env[settings.trustProxy.env]), file.trustProxy, () =>
    problems.push(`${sourceOf('trustProxy', env, fileName)} must be true, false or a whole number: ${settings.trustProxy.what}.`),
  );
  const options: ProxyProcessConfig['options'] = {
    ...upstream,
    ...(legacyPathPrefix === undefined ? {} : { legacyPathPrefix: legacyPathPrefix as '/api/api' | '/api' }),
    sessions: { secret: secrets, audience: audience ?? '', ...(issuer === undefined ? {} : { issuer }) },
    flowOrigins: list('flowOrigins', file.flowOrigins),
    allowedOrigins: list('allowedOrigins', file.allowedOrigins),
    basePath: value('basePath', file.basePath),
    timeoutMs: number('timeoutMs', file.timeoutMs, { min: 1, max: 600_000 }),
    maxBodyBytes: number('maxBodyBytes', file.maxBodyBytes, { min: 1, max: 1024 * 1024 * 1024 }),
    trustProxy,
  };
  const redisUrl = value('redisUrl', file.redisUrl);
  if (redisUrl !== undefined && !/^rediss?:\/\/./.test(redisUrl)) {
    problems.push(`${sourceOf('redisUrl', env, fileName)} must start with redis:// or rediss://: ${settings.redisUrl.what}.`);
  }
  const host = value('host', file.host) ?? '127.0.0.1';
  const port = number('port', file.port, { min: 0, max: 65_535 }) ?? DEFAULT_PORT;
  if (problems.length > 0) {
    // The way out for whoever has no credentials yet: the sandbox needs none.
    const noUpstream = !sandbox && [upstream.baseUrl, upstream.credentials?.clientId, upstream.credentials?.apiKey].some((found) => found === undefined || found === '');
    throw new ProxyConfigError(noUpstream ? [...problems, 'or run `payments-kit proxy --sandbox` to try it on the local sandbox, without credentials.'] : problems);
  }

  // The proxy's own checks, on what it will run with (the sandbox's address stands in for the
  // upstream that only exists once it starts): the first wrong setting, named by its variable.
  try {
    checkPaymentsProxyOptions({
      baseUrl: 'http://127.0.0.1:1',
      legacyBaseUrl: 'http://127.0.0.1:1',
      credentials: { clientId: 'sandbox', apiKey: 'sandbox' },
      ...withoutUndefined(options),
    });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new ProxyConfigError([`${error.message.replace(/^createPaymentsProxy: /, '')} Set it with ${sourceOf(settingNamedIn(error.message), env, fileName)}.`]);
  }
  return { options: withoutUndefined(options), host, port, sandbox, ...(redisUrl === undefined ? {} : { redisUrl }) };
}

function readFile(filePath: string, problems: string[]): FileConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(filePath, 'utf8'));
  } catch (error) {
    problems.push(`the configuration file ${filePath} (--config or PAYMENTS_PROXY_CONFIG) cannot be read as JSON: ${(error as Error).message}.`);
    return {};
  }
  const parsed = fileSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const where = issue.path.join('.') || 'the file';
    problems.push(
      issue.code === 'unrecognized_keys'
        ? `${filePath}: ${where} has ${issue.keys.length === 1 ? 'a key' : 'keys'} the proxy does not take: ${issue.keys.join(', ')} (docs/other-servers.md#configuration).`
        : `${filePath}: ${where} ${issue.code === 'invalid_type' ? `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}` : issue.code === 'invalid_value' ? `must be one of ${issue.values.map((one) => JSON.stringify(one)).join(', ')}` : 'is not valid'} (docs/other-servers.md#configuration).`,
    );
  }
  return {};
}

function readTrustProxy(raw: string | undefined, fromFile: boolean | number | undefined, wrong: () => void): boolean | number | undefined {
  if (raw === undefined) return fromFile;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (/^\d+$/.test(raw)) return Number(raw);
  wrong();
  return undefined;
}

/** The setting a `createPaymentsProxy` error names, for the variable to point at; the longest name that appears wins. */
function settingNamedIn(message: string): Setting {
  const named = (Object.keys(settings) as Setting[])
    .filter((setting) => message.includes(` ${setting} `) || message.includes(` ${setting}.`) || message.includes(`${setting} must`))
    .sort((a, b) => b.length - a.length)[0];
  if (named !== undefined) return named;
  if (message.includes('credentials')) return 'credentials.apiKey';
  return message.includes('sessions') ? 'sessions.secret' : 'baseUrl';
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function withoutUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
