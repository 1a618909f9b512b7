// Which IP addresses outbound requests to user-given URLs may reach (server-side request forgery):
// pure parsing and range checks, used by server/automation/guarded-fetch.ts on every address a name
// resolves to. An address inside any refused range is refused, with the range's name as the reason.

type Range = { bits: number; prefix: number; name: string };

const v4 = (text: string, prefix: number, name: string): Range => ({ bits: parseIpv4(text)!, prefix, name });

/** IPv4 ranges no webhook may reach: this host, private and shared networks, link-local (cloud metadata), special use. */
const REFUSED_V4: readonly Range[] = [
  v4("0.0.0.0", 8, "this network"),
  v4("10.0.0.0", 8, "private network"),
  v4("100.64.0.0", 10, "shared address space"),
  v4("127.0.0.0", 8, "loopback"),
  v4("169.254.169.254", 32, "cloud metadata"),
  v4("169.254.0.0", 16, "link-local"),
  v4("172.16.0.0", 12, "private network"),
  v4("192.0.0.0", 24, "IETF protocol assignments"),
  v4("192.168.0.0", 16, "private network"),
  v4("198.18.0.0", 15, "benchmarking"),
  v4("224.0.0.0", 4, "multicast"),
  v4("255.255.255.255", 32, "broadcast"),
  v4("240.0.0.0", 4, "reserved"),
];

/** Parses dotted-quad IPv4 (the URL parser has already turned decimal, octal and hex forms into it). */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** Parses IPv6 (with `::` and a dotted IPv4 tail) into its eight 16-bit groups; brackets allowed. */
export function parseIpv6(text: string): number[] | null {
  let body = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (tail) {
    const embedded = parseIpv4(tail[1]!);
    if (embedded === null) return null;
    body = `${body.slice(0, -tail[1]!.length)}${(embedded >>> 16).toString(16)}:${(embedded & 0xffff).toString(16)}`;
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string | undefined): string[] => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function inV4(address: number, range: Range): boolean {
  const size = 2 ** (32 - range.prefix);
  return Math.floor(address / size) === Math.floor(range.bits / size);
}

function refusedV4(address: number): string | null {
  return REFUSED_V4.find((range) => inV4(address, range))?.name ?? null;
}

const embeddedV4 = (groups: number[], at: number): number => groups[at]! * 65536 + groups[at + 1]!;
const zeros = (groups: number[], from: number, to: number): boolean => groups.slice(from, to).every((group) => group === 0);

function refusedV6(groups: number[]): string | null {
  const [first = 0, second = 0] = groups;
  if (zeros(groups, 0, 8)) return "unspecified address";
  if (zeros(groups, 0, 7) && groups[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) reach the IPv4 address.
  if (zeros(groups, 0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return refusedV4(embeddedV4(groups, 6));
  // Translated forms reach IPv4 through a gateway (NAT64: RFC 6052's well-known 64:ff9b::/96 and
  // RFC 8215's local-use 64:ff9b:1::/48; SIIT's IPv4-translated ::ffff:0:0/96). The service runs no
  // gateway of its own, so whichever IPv4 they embed, public or not, they are refused outright.
  if (first === 0x64 && second === 0xff9b && zeros(groups, 2, 6)) return "NAT64";
  if (first === 0x64 && second === 0xff9b && groups[2] === 1) return "NAT64 (local use)";
  if (zeros(groups, 0, 4) && groups[4] === 0xffff && groups[5] === 0) return "IPv4-translated";
  // 6to4 (2002:a.b.c.d::/48) is routed to the IPv4 address it embeds.
  if (first === 0x2002) return refusedV4(embeddedV4(groups, 1));
  if ((first & 0xfe00) === 0xfc00) return first === 0xfd00 && second === 0xec2 ? "cloud metadata" : "unique local network";
  if ((first & 0xffc0) === 0xfe80) return "link-local";
  if ((first & 0xff00) === 0xff00) return "multicast";
  return null;
}

/**
 * Why `address` (an IPv4 or IPv6 literal) may not be reached, or null when it may. Anything that is
 * not a valid address is refused too: only checked addresses are ever connected to.
 */
export function refusedAddressReason(address: string): string | null {
  const ipv4 = parseIpv4(address);
  if (ipv4 !== null) return refusedV4(ipv4);
  const ipv6 = address.includes(":") ? parseIpv6(address) : null;
  if (ipv6) return refusedV6(ipv6);
  return "not an IP address";
}

/** Whether a URL's hostname is an IP literal (v4, or v6 in brackets) rather than a name to resolve. */
export function isIpLiteral(hostname: string): boolean {
  return parseIpv4(hostname) !== null || (hostname.startsWith("[") && parseIpv6(hostname) !== null);
}

/**
 * One spelling per address, so an allow-list entry matches however a URL or a DNS answer writes it
 * (`127.000.0.1`, `[0:0::1]`); null when `text` is not an IP address.
 */
export function canonicalAddress(text: string): string | null {
  const ipv4 = parseIpv4(text);
  if (ipv4 !== null) return [ipv4 >>> 24, (ipv4 >>> 16) & 255, (ipv4 >>> 8) & 255, ipv4 & 255].join(".");
  const ipv6 = text.includes(":") ? parseIpv6(text) : null;
  return ipv6 ? ipv6.map((group) => group.toString(16)).join(":") : null;
}

/**
 * The client's address behind trusted proxies (TRUST_PROXY): the addresses a request passed, from
 * the nearest (the peer) back through X-Forwarded-For, right to left, are skipped while they are
 * proxies — the first `hops` of them, or those listed — and the first other one is the client.
 * A malformed entry ends the walk, so a client cannot write itself a new address past it.
 */
export function forwardedClientAddress(peer: string, forwardedFor: string | null, trusted: { hops: number } | { addresses: readonly string[] }): string {
  const chain = [peer, ...(forwardedFor ?? "").split(",").map((entry) => entry.trim()).filter(Boolean).reverse()];
  let index = 0;
  const isProxy = (address: string, position: number): boolean =>
    "hops" in trusted ? position < trusted.hops : trusted.addresses.includes(canonicalAddress(address) ?? "");
  while (index < chain.length - 1 && isProxy(chain[index] as string, index)) {
    const next = chain[index + 1] as string;
    if (canonicalAddress(next) === null) break;
    index += 1;
  }
  return chain[index] as string;
}
