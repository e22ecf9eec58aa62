/**
 * Client addresses and published prefixes: one canonical form per address however it was written
 * (IPv4-mapped IPv6 in any notation is its IPv4 address), prefixes read strictly, lookups on
 * Node's `net.BlockList`, and the reverse-DNS name of an address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type AddressFamily = 'ipv4' | 'ipv6';
/** An address in its canonical text: dotted IPv4, or IPv6 as WHATWG URL serialises it (lower case, `::` compressed). */
export interface CanonicalAddress {
  address: string;
  family: AddressFamily;
}

/**
 * The canonical form of an address as a log or a DNS answer writes it, or undefined when it is not
 * one. `::ffff:66.249.66.1`, `0:0:0:0:0:ffff:66.249.66.1` and `::ffff:42f9:4201` are all
 * `66.249.66.1`; brackets and a zone (`%eth0`) are dropped.
 */
export function canonicalAddress(text: string): CanonicalAddress | undefined {
  if (isIPv4(text)) return { address: text, family: 'ipv4' };
  let bare = text.length > 2 && text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = bare.indexOf('%');
  if (zone >= 0) bare = bare.slice(0, zone);
  if (!isIPv6(bare)) return undefined;
  // The URL parser is the standard's IPv6 serialiser: one text per address.
  const serialised = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  if (serialised.startsWith('::ffff:')) {
    const groups = serialised.slice(7).split(':');
    if (groups.length === 2) {
      const high = Number.parseInt(groups[0]!, 16);
      const low = Number.parseInt(groups[1]!, 16);
      return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, family: 'ipv4' };
    }
  }
  return { address: serialised, family: 'ipv6' };
}

/** The eight 16-bit groups of a canonical IPv6 address, each as four hex digits. */
export function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => group.padStart(4, '0'));
}

/** The name a PTR query asks for: `1.66.249.66.in-addr.arpa`, or nibbles under `ip6.arpa`. */
export function reverseName(text: string): string | undefined {
  const canonical = canonicalAddress(text);
  if (!canonical) return undefined;
  if (canonical.family === 'ipv4') return `${canonical.address.split('.').reverse().join('.')}.in-addr.arpa`;
  return `${ipv6Groups(canonical.address).join('').split('').reverse().join('.')}.ip6.arpa`;
}

/** A prefix of a published range file, read. */
export interface Prefix {
  network: string;
  bits: number;
  family: AddressFamily;
}
/**
 * Narrowest prefix lengths accepted. Operators publish /19 to /32 (IPv4) and /32 to /64 (IPv6);
 * a prefix wider than these would make a large part of the Internet one crawler.
 */
const MIN_BITS: Readonly<Record<AddressFamily, number>> = { ipv4: 8, ipv6: 16 };
const MAX_BITS: Readonly<Record<AddressFamily, number>> = { ipv4: 32, ipv6: 128 };

/**
 * `66.249.64.0/19` or `2001:4860:4801:10::/64`, read strictly: an address, a slash and a decimal
 * length without sign, space, leading zero or exponent, within the family's bounds. Anything else
 * (`66.249.64.0/`, `/ 24`, `/0x18`, `/1e1`, `/0`) is undefined.
 */
export function parsePrefix(text: string): Prefix | undefined {
  const slash = text.indexOf('/');
  if (slash <= 0) return undefined;
  const digits = text.slice(slash + 1);
  if (digits.length === 0 || digits.length > 3 || (digits.length > 1 && digits[0] === '0')) return undefined;
  for (let i = 0; i < digits.length; i++) {
    const code = digits.charCodeAt(i);
    if (code < 48 || code > 57) return undefined;
  }
  const network = text.slice(0, slash);
  const family: AddressFamily | undefined = isIPv4(network) ? 'ipv4' : isIPv6(network) ? 'ipv6' : undefined;
  if (!family) return undefined;
  const bits = Number(digits);
  if (bits < MIN_BITS[family] || bits > MAX_BITS[family]) return undefined;
  return { network, bits, family };
}

/** A set of prefixes answering "is this address inside?", on `net.BlockList`. */
export class PrefixSet {
  private readonly list = new BlockList();
  size = 0;
  add(prefix: Prefix): void {
    this.list.addSubnet(prefix.network, prefix.bits, prefix.family);
    this.size++;
  }
  /** Whether the (canonical) address is in one of the prefixes. */
  has(address: CanonicalAddress): boolean {
    return this.list.check(address.address, address.family);
  }
}
