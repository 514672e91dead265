import Bowser from 'bowser'

/**
 * What the sessions list and the new-device e-mail say of a sign-in (issue #37 §3): the device,
 * from the browser's user agent, and the place, from the client address's network — never
 * looked up outside (no geolocation service): the /24 of an IPv4 address, the /64 of an IPv6 one.
 */

/** A device nobody can name (no user agent, or one no browser sends). */
export const UNKNOWN_DEVICE = 'Appareil inconnu'

const PLATFORM_LABELS: Readonly<Record<string, string>> = {
  mobile: 'mobile',
  tablet: 'tablette',
}

/**
 * The device of a user agent, in French: « Firefox sur Linux », « Safari sur iOS (mobile) ».
 * The same label for every version of a browser and system: it names a device, not an update.
 *
 * @param userAgent - the `User-Agent` header stored with the session, or null.
 * @returns the label, or {@link UNKNOWN_DEVICE}.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name
  const system = parsed.os.name
  if (!browser && !system) return UNKNOWN_DEVICE
  const platform = PLATFORM_LABELS[parsed.platform.type ?? '']
  const label = browser && system ? `${browser} sur ${system}` : (browser ?? system ?? UNKNOWN_DEVICE)
  return platform ? `${label} (${platform})` : label
}

/** The 8 groups of an IPv6 address, as numbers, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, ...rest] = address.split('::')
  if (rest.length > 0) return null
  const part = (text: string) => (text === '' ? [] : text.split(':'))
  const left = part(head)
  const right = tail === undefined ? [] : part(tail)
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return null
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right]
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null
  return groups.map((group) => Number.parseInt(group, 16))
}

/** The 4 numbers of an IPv4 address, or null when it is not one. */
function ipv4Numbers(address: string): number[] | null {
  const numbers = address.split('.')
  if (numbers.length !== 4 || !numbers.every((n) => /^(0|[1-9]\d{0,2})$/.test(n) && Number(n) <= 255))
    return null
  return numbers.map(Number)
}

/** Whether an IPv4 address belongs to this machine or a private network (RFC 1918). */
function isLocalIpv4([a = 0, b = 0]: number[]): boolean {
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
}

/**
 * The place of a client address, as far as its network tells without asking anyone: « Réseau
 * 203.0.113.0/24 », « Réseau 2001:db8:1:2::/64 », « Réseau local » (private ranges, this machine).
 * An IPv4 address written as IPv6 (`::ffff:203.0.113.7`) counts as IPv4.
 *
 * @param ip - the address stored with the session, or null.
 * @returns the label, or « Lieu inconnu ».
 */
export function networkPlace(ip: string | null | undefined): string {
  if (!ip) return 'Lieu inconnu'
  const address = ip.trim().replace(/^::ffff:(?=\d+\.)/i, '')
  const v4 = ipv4Numbers(address)
  if (v4) return isLocalIpv4(v4) ? 'Réseau local' : `Réseau ${v4.slice(0, 3).join('.')}.0/24`
  const v6 = ipv6Groups(address.replace(/%.*$/, ''))
  if (!v6) return 'Lieu inconnu'
  const first = v6[0] ?? 0
  // better-auth keeps an IPv6 address's /64 only: this machine's ::1 arrives as ::/64, which holds no
  // public address.
  const isLoopback = v6.slice(0, 4).every((group) => group === 0)
  // fc00::/7 unique local, fe80::/10 link-local.
  if (isLoopback || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return 'Réseau local'
  const prefix = v6
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')
  return `Réseau ${prefix}::/64`
}
