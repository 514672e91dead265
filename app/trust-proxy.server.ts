import net from 'node:net'

/**
 * What Express's `trust proxy` gets from `TRUST_PROXY` (issue #12 §5 "Hardened edges"): `false`
 * (trust no proxy: the client is the socket's peer), a number of proxy hops in front of the server,
 * or the addresses of the proxies. Never `true`, which trusts every address a client writes into
 * `X-Forwarded-For` — a forged prefix then gave each request a new address and reset every per-IP
 * limit.
 */
export type TrustProxySetting = false | number | string[]

/** Express's names for address ranges (proxy-addr): 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (family === 4 && net.isIPv4(prefix)) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Parses `TRUST_PROXY` (README "Configuration"; decision 021).
 *
 * - unset, empty, `false`, `no`, `0` → `false` (no proxy);
 * - a whole number of hops, e.g. `1` (one reverse proxy: nginx, Caddy) or `2` (a CDN, then the
 *   proxy); `true` and `yes` mean `1`;
 * - a comma-separated list of proxy addresses: IPs, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) or
 *   `loopback`, `linklocal`, `uniquelocal`, e.g. `loopback, 10.0.0.0/8`.
 *
 * @param value - the variable's text.
 * @returns the setting for `app.set('trust proxy', …)` (false: leave it unset).
 * @throws Error naming the entry that is neither a hop count nor an address or range.
 */
export function parseTrustProxy(value: string | undefined): TrustProxySetting {
  const text = value?.trim().toLowerCase() ?? ''
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false
  if (text === 'true' || text === 'yes') return 1
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw new Error(`TRUST_PROXY : ${hops} mandataires, c'est trop (10 au plus)`)
    return hops
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const wrong = entries.find((entry) => !isAddressOrRange(entry))
  if (wrong !== undefined || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY : « ${wrong ?? text} » n'est ni un nombre de mandataires (1) ni une adresse ou une plage (loopback, 10.0.0.0/8)`,
    )
  }
  return entries
}
