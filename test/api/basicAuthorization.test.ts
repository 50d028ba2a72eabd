import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- basicAuthorization of api/index, which no entry exports
import { basicAuthorization } from '../../src/api/index.js';

describe('given credentials for HTTP Basic (docs/api.md#authentication)', () => {
  it('should encode ASCII and UTF-8 credentials in standard base64, as docs/api.md#authentication says', () => {
    expect(basicAuthorization('Aladdin', 'open sesame')).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
    expect(basicAuthorization('test', '123£')).toBe('Basic dGVzdDoxMjPCow==');
  });
});
