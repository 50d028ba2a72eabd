import { describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/api/index.js';

describe('given credentials for HTTP Basic (docs/api.md#authentication)', () => {
  it("should send RFC 7617's examples: ASCII, and UTF-8 bytes in standard base64", () => {
    expect(basicAuthorization('Aladdin', 'open sesame')).toBe('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==');
    expect(basicAuthorization('test', '123£')).toBe('Basic dGVzdDoxMjPCow==');
  });
});
