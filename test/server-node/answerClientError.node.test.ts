// answerClientError on the sockets it must not answer: node's parser reports errors for
// connections that are already gone or already answering, and writing the kit's JSON there would
// either fail or break an answer under way. The answers it does write are tested end to end in
// test/server/hostileInput.node.test.ts; these cases cannot be made to happen on demand over a
// real connection, so the socket is a Duplex the test holds.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerClientError } from 'payments-kit/server/node';

const parserError = (code: string) => Object.assign(new Error(code), { code });

/** A socket as node's clientError hands it over, with what was written to it so far. */
function socket(answering?: { headersSent: boolean }) {
  const duplex = Object.assign(new PassThrough(), { _httpMessage: answering ?? null });
  const written: Buffer[] = [];
  duplex.on('data', (chunk: Buffer) => written.push(chunk));
  return { duplex, written: () => Buffer.concat(written).toString('latin1') };
}

describe('given a parser error on a socket that cannot take an answer', () => {
  it('should close a reset connection without writing to it', () => {
    const { duplex, written } = socket();
    answerClientError(parserError('ECONNRESET'), duplex);
    expect(duplex.destroyed).toBe(true);
    expect(written()).toBe('');
  });

  it('should close a connection whose answer is under way, without writing over it', () => {
    const { duplex, written } = socket({ headersSent: true });
    answerClientError(parserError('HPE_INVALID_CHUNK_SIZE'), duplex);
    expect(duplex.destroyed).toBe(true);
    expect(written()).toBe('');
  });

  it('should answer the same error in the kit’s shape on a socket that can take it', async () => {
    const { duplex, written } = socket({ headersSent: false });
    answerClientError(parserError('HPE_HEADER_OVERFLOW'), duplex);
    await new Promise((resolve) => duplex.once('end', resolve));
    expect(written()).toMatch(/^HTTP\/1\.1 431 /);
    expect(written()).toContain('"code":"request_refused"');
  });
});
