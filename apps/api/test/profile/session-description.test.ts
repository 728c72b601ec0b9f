import { describe, expect, it } from 'vitest';
import { describeUserAgent, maskIpAddress, placeOf } from '../../src/modules/profile/session-description.ts';

describe('how a session is described to its owner', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Computer',
      'Microsoft Edge 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Computer',
      'Safari 17',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Phone',
      'Chrome 131',
      'Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'iPad',
      'Safari 17',
      'iOS',
    ],
  ])('names the device, browser and system of %s', (userAgent, device, browser, os) => {
    expect(describeUserAgent(userAgent)).toEqual({ device, browser, os });
  });

  it('says nothing it does not know', () => {
    expect(describeUserAgent('curl/8.5.0')).toEqual({ device: null, browser: null, os: null });
    expect(describeUserAgent(null)).toEqual({ device: null, browser: null, os: null });
  });

  it('hides the host part of an address', () => {
    expect(maskIpAddress('203.0.113.7')).toBe('203.0.113.*');
    expect(maskIpAddress('::ffff:203.0.113.7')).toBe('203.0.113.*');
    expect(maskIpAddress('2001:0db8:85a3:08d3:1319:8a2e:0370:7344')).toBe('2001:db8:85a3:8d3:*');
    expect(maskIpAddress('2001:db8::1')).toBe('2001:db8:0:0:*');
    expect(maskIpAddress('::1')).toBe('0:0:0:0:*');
    expect(maskIpAddress('not an address')).toBeNull();
    expect(maskIpAddress(null)).toBeNull();
  });

  it('places public IPv4 addresses in their country, and nothing else', () => {
    expect(placeOf('94.200.0.1')).toBe('United Arab Emirates');
    expect(placeOf('::ffff:81.2.69.142')).toBe('United Kingdom');
    for (const unplaced of ['127.0.0.1', '10.1.2.3', '192.168.0.5', '2001:db8::1', null]) expect(placeOf(unplaced)).toBeNull();
  });
});
