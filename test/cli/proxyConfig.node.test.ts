// `payments-kit proxy`'s configuration (src/cli/proxyConfig.ts): the environment over an optional
// JSON file, and every missing or wrong setting named by the variable (or file key) that sets it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- cli/proxyConfig, the module this file tests
import { DEFAULT_PORT, ProxyConfigError, readProxyConfig } from '../../src/cli/proxyConfig.js';

const secret = 'a session secret of at least thirty-two bytes';
const complete = {
  PAYMENTS_BASE_URL: 'https://api.example.com',
  PAYMENTS_LEGACY_BASE_URL: 'https://legacy.example.com',
  PAYMENTS_CLIENT_ID: 'client',
  PAYMENTS_API_KEY: 'key',
  PAYMENTS_SESSION_SECRET: secret,
  PAYMENTS_SESSION_AUDIENCE: 'https://shop.example',
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'payments-kit-proxy-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file = async (name: string, content: unknown) => {
  const filePath = path.join(dir, name);
  await writeFile(filePath, typeof content === 'string' ? content : JSON.stringify(content));
  return filePath;
};

/** The problems a configuration is refused with. */
function problems(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ProxyConfigError) return error.problems;
    throw error;
  }
  throw new Error('The configuration was accepted.');
}

describe('given the environment alone', () => {
  it('should give the proxy its upstream, credentials, session and lists, on 127.0.0.1 by default', () => {
    const config = readProxyConfig({
      env: { ...complete, PAYMENTS_FLOW_ORIGINS: 'https://my.dots.dev  https://my-sandbox.dots.dev', PAYMENTS_ALLOWED_ORIGINS: 'https://admin.example,https://shop.example', PAYMENTS_TRUST_PROXY: '1' },
      sandbox: false,
    });
    expect(config).toEqual({
      options: {
        baseUrl: complete.PAYMENTS_BASE_URL,
        legacyBaseUrl: complete.PAYMENTS_LEGACY_BASE_URL,
        credentials: { clientId: 'client', apiKey: 'key', appId: undefined },
        sessions: { secret: [secret], audience: 'https://shop.example' },
        flowOrigins: ['https://my.dots.dev', 'https://my-sandbox.dots.dev'],
        allowedOrigins: ['https://admin.example', 'https://shop.example'],
        trustProxy: 1,
      },
      host: '127.0.0.1',
      port: DEFAULT_PORT,
      sandbox: false,
    });
  });

  it('should list every missing setting by its variable, and point at --sandbox', () => {
    expect(problems(() => readProxyConfig({ env: {}, sandbox: false }))).toEqual([
      expect.stringMatching(/^set PAYMENTS_BASE_URL: /),
      expect.stringMatching(/^set PAYMENTS_LEGACY_BASE_URL: /),
      expect.stringMatching(/^set PAYMENTS_CLIENT_ID: /),
      expect.stringMatching(/^set PAYMENTS_API_KEY: /),
      expect.stringMatching(/^set PAYMENTS_SESSION_SECRET: .*openssl rand -base64 32/),
      expect.stringMatching(/^set PAYMENTS_SESSION_AUDIENCE: /),
      expect.stringContaining('payments-kit proxy --sandbox'),
    ]);
  });

  it('should ask only for the session with --sandbox, whose upstream needs no credentials', () => {
    expect(problems(() => readProxyConfig({ env: {}, sandbox: true }))).toEqual([
      expect.stringMatching(/^set PAYMENTS_SESSION_SECRET: /),
      expect.stringMatching(/^set PAYMENTS_SESSION_AUDIENCE: /),
    ]);
    const config = readProxyConfig({ env: { PAYMENTS_SESSION_SECRET: secret, PAYMENTS_SESSION_AUDIENCE: 'http://127.0.0.1:8000' }, sandbox: true });
    expect(config.options).not.toHaveProperty('baseUrl');
    expect(config.sandbox).toBe(true);
  });

  it.each([
    ['PORT', 'eighty', /^PORT must be a whole number from 0 to 65535/],
    ['PORT', '70000', /^PORT must be a whole number/],
    ['PAYMENTS_TIMEOUT_MS', '1.5', /^PAYMENTS_TIMEOUT_MS must be a whole number/],
    ['PAYMENTS_TRUST_PROXY', 'yes', /^PAYMENTS_TRUST_PROXY must be true, false or a whole number/],
  ])('should refuse %s=%s by its name', (variable, value, message) => {
    expect(problems(() => readProxyConfig({ env: { ...complete, [variable]: value }, sandbox: false }))).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['PAYMENTS_SESSION_SECRET', 'too short', /sessions\.secret must be at least 32 bytes.*Set it with PAYMENTS_SESSION_SECRET\.$/],
    ['PAYMENTS_BASE_URL', 'https://api.example.com/api', /baseUrl ends in \/api.*Set it with PAYMENTS_BASE_URL\.$/],
    ['PAYMENTS_LEGACY_BASE_URL', 'not a url', /legacyBaseUrl must be an absolute http\(s\) URL.*Set it with PAYMENTS_LEGACY_BASE_URL\.$/],
    ['PAYMENTS_SESSION_AUDIENCE', 'payments-kit', /sessions\.audience must name this deployment.*Set it with PAYMENTS_SESSION_AUDIENCE\.$/],
    ['PAYMENTS_FLOW_ORIGINS', 'https://my.dots.dev/flows', /flowOrigins must list origins.*Set it with PAYMENTS_FLOW_ORIGINS\.$/],
    ['PAYMENTS_ALLOWED_ORIGINS', 'shop.example', /allowedOrigins must list origins.*Set it with PAYMENTS_ALLOWED_ORIGINS\.$/],
    ['PAYMENTS_BASE_PATH', 'api/payments', /basePath must be a plain path.*Set it with PAYMENTS_BASE_PATH\.$/],
    ['PAYMENTS_CLIENT_ID', 'a:b', /credentials\.clientId may not contain ":".*Set it with PAYMENTS_CLIENT_ID\.$/],
  ])('should refuse what the proxy itself refuses, %s=%s, naming the variable', (variable, value, message) => {
    expect(problems(() => readProxyConfig({ env: { ...complete, [variable]: value }, sandbox: false }))).toEqual([expect.stringMatching(message)]);
  });
});

describe('given a JSON file (--config or PAYMENTS_PROXY_CONFIG)', () => {
  it('should read it, with the environment over it, and the file\'s later secrets still accepted', async () => {
    const configFile = await file('proxy.json', {
      baseUrl: 'https://file.example.com',
      legacyBaseUrl: 'https://legacy.file.example.com',
      credentials: { clientId: 'file-client', apiKey: 'file-key' },
      sessions: { secret: [secret, 'the secret being rotated out, also long enough'], audience: 'https://file.example' },
      port: 8080,
      host: '0.0.0.0',
      timeoutMs: 5000,
    });
    const config = readProxyConfig({ env: { PAYMENTS_BASE_URL: 'https://env.example.com', PAYMENTS_PROXY_CONFIG: configFile }, sandbox: false });
    expect(config).toMatchObject({
      options: {
        baseUrl: 'https://env.example.com',
        legacyBaseUrl: 'https://legacy.file.example.com',
        credentials: { clientId: 'file-client', apiKey: 'file-key' },
        sessions: { secret: [secret, 'the secret being rotated out, also long enough'], audience: 'https://file.example' },
        timeoutMs: 5000,
      },
      host: '0.0.0.0',
      port: 8080,
    });
    // PAYMENTS_SESSION_PREVIOUS_SECRET takes the place of the file's older secrets.
    const rotated = readProxyConfig({ env: { PAYMENTS_SESSION_SECRET: 'the next secret, at least 32 bytes long', PAYMENTS_SESSION_PREVIOUS_SECRET: secret }, configFile, sandbox: false });
    expect(rotated.options.sessions?.secret).toEqual(['the next secret, at least 32 bytes long', secret]);
  });

  it('should refuse a key it does not know, naming the file and the key', async () => {
    const configFile = await file('typo.json', { baseURL: 'https://api.example.com', sessions: { secret, audeince: 'x' } });
    expect(problems(() => readProxyConfig({ env: complete, configFile, sandbox: false })).sort()).toEqual([
      `${configFile}: sessions has a key the proxy does not take: audeince (docs/other-servers.md#configuration).`,
      `${configFile}: the file has a key the proxy does not take: baseURL (docs/other-servers.md#configuration).`,
    ]);
    const wrongType = await file('types.json', { port: '8080', flowOrigins: 'https://my.dots.dev', legacyPathPrefix: '/v1' });
    expect(problems(() => readProxyConfig({ env: complete, configFile: wrongType, sandbox: false })).sort()).toEqual([
      `${wrongType}: flowOrigins must be a list (docs/other-servers.md#configuration).`,
      `${wrongType}: legacyPathPrefix must be one of "/api/api", "/api" (docs/other-servers.md#configuration).`,
      `${wrongType}: port must be a number (docs/other-servers.md#configuration).`,
    ]);
  });

  it('should refuse a file that is not JSON, and name the file key along with the variable', async () => {
    const broken = await file('broken.json', '{ "baseUrl": ');
    expect(problems(() => readProxyConfig({ env: complete, configFile: broken, sandbox: false }))[0]).toMatch(/broken\.json \(--config or PAYMENTS_PROXY_CONFIG\) cannot be read as JSON/);
    const short = await file('short.json', { sessions: { secret: 'short', audience: 'https://shop.example' } });
    const { PAYMENTS_SESSION_SECRET: _unset, ...withoutSecret } = complete;
    expect(problems(() => readProxyConfig({ env: withoutSecret, configFile: short, sandbox: false }))).toEqual([
      expect.stringContaining(`Set it with PAYMENTS_SESSION_SECRET (or sessions.secret in ${short}).`),
    ]);
  });
});
