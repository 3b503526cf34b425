import { isIPv4, isIPv6 } from 'node:net';
import { WEBHOOK_MESSAGES } from '../../domain/webhooks.js';
import { AppError } from '../http/app-error.js';

/** IPv4 ranges a webhook must not reach: this host, private networks, link-local (cloud metadata at 169.254.169.254). */
const PRIVATE_V4: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8: "this network", reaches the host itself on Linux
  [0x7f000000, 8], // 127.0.0.0/8
  [0x0a000000, 8], // 10.0.0.0/8
  [0xac100000, 12], // 172.16.0.0/12
  [0xc0a80000, 16], // 192.168.0.0/16
  [0xa9fe0000, 16], // 169.254.0.0/16
];

function v4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  return PRIVATE_V4.some(([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)));
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 as two groups). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = v4Number(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function isPrivateV6(address: string): boolean {
  const groups = v6Groups(address);
  const [first = 0] = groups;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7]! <= 1) return true; // ::1 and ::
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7, unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10, link-local
  // ::ffff:a.b.c.d, an IPv4 address written as IPv6.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return isPrivateV4(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
  }
  return false;
}

/**
 * Whether a URL's host is this machine, a private network or link-local: `localhost` (and any
 * `*.localhost`), 127.0.0.0/8, 10/8, 172.16/12, 192.168/16, 169.254/16, 0/8, ::1, fc00::/7, fe80::/10.
 * The WHATWG parser has already turned other spellings of an IPv4 address (`2130706433`, `0x7f.1`) into
 * dotted form. A name that resolves to such an address is not caught here: that needs the resolver at
 * each delivery.
 */
export function isPrivateWebhookHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIPv4(host)) return isPrivateV4(host);
  if (isIPv6(host)) return isPrivateV6(host);
  return false;
}

/**
 * A webhook sends signed business events wherever its URL points: an admin's URL at an internal host would
 * make the server a probe of its own network (SSRF). Refused with 400 unless WEBHOOK_ALLOW_PRIVATE is set
 * (a receiver on the same machine or network on purpose, and the tests' local receivers).
 */
export function checkWebhookUrl(url: string | undefined, allowPrivate: boolean): void {
  if (url === undefined || allowPrivate) return;
  if (isPrivateWebhookHost(new URL(url).hostname)) throw new AppError(400, 'WEBHOOK_URL_PRIVATE', WEBHOOK_MESSAGES.privateUrl, 'url');
}
