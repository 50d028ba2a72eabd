// docs/session-token.md: the payments session token as a format any language can mint. Its test
// vectors (docs/session-token-vectors.json) are checked against the kit's own minting and
// verification at the vectors' clock, and the Python and Ruby examples (examples/python,
// examples/ruby; Debian's python3-jwt and ruby-jwt, installed by .ci/run) mint the vectors' tokens
// byte for byte and tokens the kit's verifier accepts on the real clock.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaymentsSession, type PaymentsGrant, type PaymentsSessionOptions } from 'payments-kit/server';
// eslint-disable-next-line no-restricted-imports -- checkSessions, createSessionVerifier of server/sessions/createSessionVerifier, which no entry exports
import { checkSessions, createSessionVerifier } from '../../src/server/sessions/createSessionVerifier.js';
import { root } from '../e2e/packedKit.js';

interface Vectors {
  secret: string;
  audience: string;
  now: number;
  valid: {
    name: string;
    input: Omit<PaymentsSessionOptions, 'secret'>;
    header: Record<string, unknown>;
    claims: Record<string, unknown>;
    expiresAt: string;
    token: string;
  }[];
  invalid: { name: string; now: number; token: string; code: string }[];
}

const vectors = JSON.parse(readFileSync(path.join(root, 'docs/session-token-vectors.json'), 'utf8')) as Vectors;
const doc = readFileSync(path.join(root, 'docs/session-token.md'), 'utf8');

const verifierFor = (secret: string | string[] = vectors.secret) => createSessionVerifier(checkSessions({ secret, audience: vectors.audience }));
const atClock = (seconds: number) => vi.useFakeTimers({ now: seconds * 1000, toFake: ['Date'] });
const decode = (segment: string) => JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
});

describe('given the test vectors of docs/session-token.md', () => {
  it.each(vectors.valid.map((vector) => [vector.name, vector] as const))('should mint exactly the token of "%s" at the vectors\' clock, and accept it', async (_name, vector) => {
    atClock(vectors.now);
    const minted = await createPaymentsSession({ secret: vectors.secret, ...vector.input });
    expect(minted).toEqual({ token: vector.token, expiresAt: vector.expiresAt });
    const [header, claims] = vector.token.split('.');
    expect(decode(header!)).toEqual(vector.header);
    expect(decode(claims!)).toEqual(vector.claims);
    await expect(verifierFor()(vector.token, 'getTransaction')).resolves.toEqual({ subject: vector.input.subject, allow: vector.input.allow });
    // While the secret rotates, the proxy lists the new one first and still accepts the old one's tokens.
    await expect(verifierFor(['a newer secret of the deployment, 32 bytes or more', vectors.secret])(vector.token, 'getTransaction')).resolves.toMatchObject({ subject: vector.input.subject });
  });

  it.each(vectors.invalid.map((vector) => [vector.name, vector] as const))('should refuse "%s" with its code', async (_name, vector) => {
    atClock(vector.now);
    await expect(verifierFor()(vector.token, 'getTransaction')).rejects.toMatchObject({ status: 401, code: vector.code });
  });

  it('should refuse every valid vector once past its exp, and accept it up to exp', async () => {
    for (const vector of vectors.valid) {
      const exp = vector.claims.exp as number;
      atClock(exp - 1);
      await expect(verifierFor()(vector.token, 'getTransaction')).resolves.toMatchObject({ subject: vector.input.subject });
      atClock(exp);
      await expect(verifierFor()(vector.token, 'getTransaction')).rejects.toMatchObject({ code: 'session_expired' });
    }
  });

  it('should give in the doc the vectors\' secret, audience and first token', () => {
    expect(doc).toContain(vectors.secret);
    expect(doc).toContain(vectors.audience);
    expect(doc).toContain(vectors.valid[0]!.token);
  });
});

/** An interpreter from Debian's packages (the ones on PATH may lack the JWT library), or the apt line that installs it. */
function interpreter(file: string, aptPackages: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: apt-get install -y ${aptPackages} (.ci/run installs it).`);
  return file;
}

function runMint(command: string, script: string, input: object): { token: string; status: number | null; stderr: string } {
  const result = spawnSync(command, [path.join(root, script)], { input: JSON.stringify(input), encoding: 'utf8', timeout: 30_000 });
  return { token: result.stdout.trim(), status: result.status, stderr: result.stderr };
}

describe.each([
  { language: 'Python', command: '/usr/bin/python3', packages: 'python3 python3-jwt', script: 'examples/python/mint_session.py', block: 'python' },
  { language: 'Ruby', command: '/usr/bin/ruby', packages: 'ruby ruby-jwt', script: 'examples/ruby/mint_session.rb', block: 'ruby' },
])('given $script, minting in $language', ({ command, packages, script, block }) => {
  it('should mint every valid vector byte for byte', () => {
    const run = interpreter(command, packages);
    for (const vector of vectors.valid) {
      const minted = runMint(run, script, { ...vector.input, secret: vectors.secret, now: vectors.now });
      expect(minted.stderr).toBe('');
      expect(minted.token, vector.name).toBe(vector.token);
    }
  });

  it('should mint on the real clock a token the kit\'s verifier accepts, with its grant', async () => {
    const allow: PaymentsGrant = { transactions: ['1001'], paymentIntents: [{ id: 'pi_succeeded', paymentMethods: ['pm_card_visa'] }], volume: true };
    const minted = runMint(interpreter(command, packages), script, { secret: vectors.secret, audience: vectors.audience, subject: 'user_42', allow, expiresIn: 300 });
    expect(minted.stderr).toBe('');
    await expect(verifierFor()(minted.token, 'getTransaction')).resolves.toEqual({ subject: 'user_42', allow });
    // The proxy of another deployment (another audience) refuses it, whatever the secret.
    const elsewhere = createSessionVerifier(checkSessions({ secret: vectors.secret, audience: 'https://staging.shop.example' }));
    await expect(elsewhere(minted.token, 'getTransaction')).rejects.toMatchObject({ code: 'session_invalid' });
  });

  it('should refuse a secret shorter than 32 bytes, as the kit does', () => {
    const minted = runMint(interpreter(command, packages), script, { secret: 'too short', audience: vectors.audience, subject: 'user_42', allow: {} });
    expect(minted.status).not.toBe(0);
    expect(minted.stderr).toMatch(/at least 32 bytes/);
  });

  it(`should show in the doc the example's own code (each \`\`\`${block} block is in the file)`, () => {
    const source = readFileSync(path.join(root, script), 'utf8');
    const blocks = [...doc.matchAll(new RegExp('```' + block + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    for (const code of blocks) expect(source).toContain(code.trim());
  });
});
