/**
 * Whether a link's host is this computer or a private network. Works on the host as the WHATWG
 * URL parser leaves it: IPv4 written in decimal, hex or octal ("2130706433", "0x7f.1", "0177.1")
 * is already dotted-decimal there, and IPv6 is compressed, lower case and in brackets.
 */

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix bits]. */
const LOCAL_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches this computer
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT, shared with the provider's neighbours
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
]

function ipv4Number(dotted: string): number | null {
  const parts = dotted.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) {
    return null
  }
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0)
}

function isLocalIpv4Number(address: number): boolean {
  return LOCAL_IPV4.some(([base, bits]) => {
    const size = 2 ** (32 - bits)
    const start = ipv4Number(base) ?? 0
    return address >= start && address < start + size
  })
}

/** The eight 16-bit groups of an IPv6 address (no brackets), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase()
  // An embedded dotted IPv4 at the end ("::ffff:1.2.3.4") becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted !== null) {
    const v4 = ipv4Number(dotted[2] ?? '')
    if (v4 === null) return null
    text = `${dotted[1] ?? ''}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const read = (part: string | undefined): string[] =>
    part === undefined || part === '' ? [] : part.split(':')
  const head = read(halves[0])
  const tail = read(halves[1])
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => parseInt(g, 16))
}

/** The IPv4 address in groups 6 and 7 of an IPv6 address. */
function lastIpv4(groups: readonly number[]): number {
  return (groups[6] ?? 0) * 65536 + (groups[7] ?? 0)
}

function isLocalIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = groups
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0
  // :: and ::1, and the old IPv4-compatible ::a.b.c.d
  if (firstFiveZero && g5 === 0) return lastIpv4(groups) <= 1 || isLocalIpv4Number(lastIpv4(groups))
  // IPv4-mapped ::ffff:a.b.c.d: the IPv4 address is what is reached.
  if (firstFiveZero && g5 === 0xffff) return isLocalIpv4Number(lastIpv4(groups))
  // NAT64 64:ff9b::a.b.c.d translates to the IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return isLocalIpv4Number(lastIpv4(groups))
  }
  // 6to4 2002:AABB:CCDD::: the IPv4 address AA.BB.CC.DD is in groups 1 and 2.
  if (g0 === 0x2002) return isLocalIpv4Number(g1 * 65536 + g2)
  if ((g0 & 0xfe00) === 0xfc00) return true // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80) return true // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return true // old site-local fec0::/10
  if ((g0 & 0xff00) === 0xff00) return true // multicast
  return false
}

/** Names that always mean this computer or the local network, whatever a resolver says. */
const LOCAL_SUFFIXES = ['localhost', 'local', 'localdomain', 'internal', 'lan', 'home.arpa']

/**
 * True when `hostname` (as `URL.hostname` gives it) names this computer or a private, link-local
 * or unique-local network: loopback and private IPv4 and IPv6 (mapped, NAT64 and 6to4 forms
 * included), `localhost` and `*.localhost`, `.local` and similar local-only names, and a bare
 * name without a dot (an intranet host found through the search domain).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '')
  if (host === '') return true
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = ipv6Groups(host.slice(1, -1).split('%')[0] ?? '')
    // Why refuse an address we cannot read: a link we cannot place is not known to be public.
    return groups === null || isLocalIpv6(groups)
  }
  const v4 = ipv4Number(host)
  if (v4 !== null) return isLocalIpv4Number(v4)
  if (!host.includes('.')) return true
  return LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))
}
