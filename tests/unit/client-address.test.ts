import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../api/src/platform/clientAddress.js';

describe('clientAddress', () => {
  it('ignores X-Forwarded-For without trusted proxies', () => {
    expect(clientAddress('10.0.0.9', '1.2.3.4', 0)).toBe('10.0.0.9');
  });
  it("takes the entry the trusted proxy appended, not the client's own", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the load balancer appended the real 203.0.113.7.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1', 2)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '203.0.113.7', 1)).toBe('203.0.113.7');
  });
  it('falls back sensibly on short or missing headers', () => {
    expect(clientAddress('10.0.0.2', '203.0.113.7', 3)).toBe('203.0.113.7');
    expect(clientAddress(undefined, undefined, 1)).toBe('local');
  });
});
