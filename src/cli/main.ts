#!/usr/bin/env node
// `npx payments-kit proxy`: the kit's proxy as a process of its own, for apps that are not Node
// (Rails, Django, Laravel): they route /api/payments to it and mint sessions themselves
// (docs/other-servers.md, docs/session-token.md).
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ProxyConfigError, readProxyConfig } from './proxyConfig.js';
import { ASSETS_PATH, startProxyProcess } from './startProxyProcess.js';

const usage = `Usage: payments-kit proxy [--sandbox] [--config <file.json>]

Runs the payments proxy on its own (docs/other-servers.md). Configured by environment variables
(PAYMENTS_BASE_URL, PAYMENTS_LEGACY_BASE_URL, PAYMENTS_CLIENT_ID, PAYMENTS_API_KEY,
PAYMENTS_SESSION_SECRET, PAYMENTS_SESSION_AUDIENCE, PAYMENTS_FLOW_ORIGINS, PAYMENTS_ALLOWED_ORIGINS,
HOST, PORT, …) over an optional JSON file (--config or PAYMENTS_PROXY_CONFIG).

  --sandbox        call the kit's local sandbox of the payments API instead: no credentials needed
  --config <file>  read settings from this JSON file; the environment overrides it
  -h, --help       show this text`;

/** How long in-flight requests get to finish after SIGTERM or SIGINT: the upstream deadline, and a margin. */
const graceMs = (timeoutMs: number | undefined) => (timeoutMs ?? 10_000) + 5_000;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { sandbox: { type: 'boolean' }, config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'proxy') {
    console.error(`${positionals.length === 0 ? 'Name a command.' : `Unknown command: ${positionals.join(' ')}.`}\n\n${usage}`);
    return 2;
  }

  let config;
  try {
    config = readProxyConfig({ env: process.env, configFile: values.config, sandbox: values.sandbox === true });
  } catch (error) {
    if (!(error instanceof ProxyConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  // The package's own dist/, found by its name from here, built or run from its sources alike.
  const distDir = path.join(path.dirname(createRequire(import.meta.url).resolve('payments-kit/package.json')), 'dist');
  const log = (line: string): void => {
    console.error(`payments-kit proxy: ${line}`);
  };
  const unused = ['PAYMENTS_BASE_URL', 'PAYMENTS_LEGACY_BASE_URL', 'PAYMENTS_CLIENT_ID', 'PAYMENTS_API_KEY'].filter((variable) => (process.env[variable] ?? '') !== '');
  if (config.sandbox && unused.length > 0) log(`--sandbox: ${unused.join(', ')} not used, the local sandbox is the payments API.`);
  const running = await startProxyProcess(config, { distDir, log });
  const basePath = config.options.basePath ?? '/api/payments';
  console.log(
    [
      `payments-kit proxy listening on ${running.url}`,
      `  proxy:     ${running.url}${basePath} -> ${running.upstream}${config.sandbox ? ' (local sandbox)' : ''}`,
      `  health:    ${running.url}/healthz`,
      ...(config.redisUrl === undefined ? [] : [`  shared:    confirms and rate limits in Redis at ${new URL(config.redisUrl).host}`]),
      running.elementsIntegrity === undefined
        ? '  elements:  not served (this package has no dist/elements-standalone.js)'
        : `  elements:  ${running.url}${ASSETS_PATH}elements-standalone.js integrity="${running.elementsIntegrity}"`,
    ].join('\n'),
  );

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => { resolve('SIGTERM'); });
    process.once('SIGINT', () => { resolve('SIGINT'); });
  });
  console.log(`payments-kit proxy: ${signal}, finishing the requests in flight`);
  const drained = await running.shutdown(graceMs(config.options.timeoutMs));
  if (!drained) console.error('payments-kit proxy: requests still in flight after the grace period were closed');
  return drained ? 0 : 1;
}

// Exits once done: upstream connections kept alive would otherwise hold the process a while.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('payments-kit proxy:', error);
    process.exit(1);
  },
);
