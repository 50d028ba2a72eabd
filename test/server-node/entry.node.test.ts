// payments-kit/server/node offers the whole of payments-kit/server, re-exported rather than
// re-listed, with its own Node proxy in place of the runtime-neutral one.
import { describe, expect, it } from 'vitest';
import * as server from 'payments-kit/server';
import * as node from 'payments-kit/server/node';
import { createPaymentsProxy as createNodePaymentsProxy } from 'payments-kit/server/node';

describe('given the payments-kit/server/node entry', () => {
  it('should offer every name of payments-kit/server', () => {
    expect(Object.keys(node)).toEqual(expect.arrayContaining(Object.keys(server)));
  });

  it('should give its Node proxy as createPaymentsProxy, not the runtime-neutral one', () => {
    expect(node.createPaymentsProxy).toBe(createNodePaymentsProxy);
    expect(node.createPaymentsProxy).not.toBe(server.createPaymentsProxy);
  });

  it('should offer the Node-only parts besides', () => {
    expect(Object.keys(node).filter((name) => !(name in server)).sort()).toEqual(['answerClientError', 'createUndiciUpstream', 'serve', 'toNodeHandler']);
  });
});
