import pg from 'pg'
import { logger } from '#app/logger.server'

/** Waits between reconnection attempts of a LISTEN connection, in ms (public spec §9: 1, 2, 5 then 10 s). */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const

/** A dedicated PostgreSQL connection listening to one channel (see {@link listenToChannel}). */
export type ChannelListener = {
  /** Resolves once LISTEN is first active (after as many attempts as it takes), or once stopped. */
  ready: Promise<void>
  /** Resolves after the first attempt, whether LISTEN became active or the attempt failed. */
  firstAttempt: Promise<void>
  /** Closes the connection and stops reconnecting; notifications stop at once. */
  stop: () => Promise<void>
}

/**
 * Listens to a PostgreSQL NOTIFY channel on a connection of its own (DESIGN.md §6, §10: what
 * other instances publish), reconnected after 1, 2, 5 then every 10 s when it is lost, each loss
 * logged as a warning.
 *
 * @param spec.pool - the pool whose connection settings the dedicated connection copies.
 * @param spec.channel - the channel, e.g. 'encre_encheres' (letters, digits and '_' only).
 * @param spec.onNotification - called with each notification's payload on that channel.
 * @param spec.onListening - called each time LISTEN becomes active; `isReconnection` is false the
 *   first time (what was published meanwhile may have been missed).
 * @param spec.onLost - called when the connection is lost, before waiting to reconnect.
 * @param spec.lostMessage - the French warning logged on a loss.
 */
export function listenToChannel(spec: {
  pool: pg.Pool
  channel: string
  onNotification: (payload: string | undefined) => void
  onListening?: (isReconnection: boolean) => void
  onLost?: () => void
  lostMessage: string
}): ChannelListener {
  let client: pg.Client | undefined
  let stopped = false
  let attempt = 0
  let hasConnected = false
  let retryTimer: NodeJS.Timeout | undefined
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  function connect(): Promise<void> {
    if (stopped) return Promise.resolve()
    const current = new pg.Client(spec.pool.options)
    client = current
    let failed = false
    const fail = (error: unknown) => {
      if (failed) return
      failed = true
      current.removeAllListeners('notification')
      void current.end().catch(() => undefined)
      if (client === current) client = undefined
      if (stopped) return
      spec.onLost?.()
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]
      logger.warn({ err: error, delayMs: delay }, spec.lostMessage)
      retryTimer = setTimeout(() => {
        retryTimer = undefined
        void connect()
      }, delay)
      retryTimer.unref()
    }
    current.on('error', fail)
    current.on('end', () => fail(new Error('connexion fermée')))
    current.on('notification', (message) => {
      if (message.channel === spec.channel) spec.onNotification(message.payload)
    })
    return current
      .connect()
      .then(() => current.query(`LISTEN ${spec.channel}`))
      .then(() => {
        if (stopped) {
          void current.end().catch(() => undefined)
          return
        }
        attempt = 0
        const isReconnection = hasConnected
        hasConnected = true
        markReady()
        spec.onListening?.(isReconnection)
      }, fail)
  }

  async function stop(): Promise<void> {
    stopped = true
    clearTimeout(retryTimer)
    markReady()
    const current = client
    client = undefined
    if (!current) return
    current.removeAllListeners('end')
    current.removeAllListeners('notification')
    current.on('error', () => undefined)
    await current.end().catch(() => undefined)
  }

  return { ready, firstAttempt: connect(), stop }
}
