import fs from 'node:fs'
import type http from 'node:http'
import net from 'node:net'

/** Where the server takes its connections: a TCP port, or a Unix socket's path (README, Production). */
export type ListenAddress = { port: number } | { socketPath: string }

/**
 * A queue of 4,096 connections waiting to be accepted (Node's default is 511, the kernel caps it at
 * net.core.somaxconn): past it the kernel drops a new connection's handshake and the client waits
 * for a retransmission, seconds later — a thousand live pages reconnecting, or a bidding war's
 * burst, must not stall there (issue #10 §2).
 */
const BACKLOG = 4096

/**
 * The address from the environment: `SOCKET_PATH` when set (a Unix socket, for nginx on the same
 * machine: each connection and each write costs the kernel less than over TCP, decision 029),
 * else `PORT` (default 3000).
 *
 * @param env - the process's environment (`process.env`).
 */
export function listenAddressOf(env: NodeJS.ProcessEnv): ListenAddress {
  const socketPath = env.SOCKET_PATH?.trim()
  return socketPath ? { socketPath } : { port: Number(env.PORT ?? 3000) }
}

/** Whether a process answers on the Unix socket at `socketPath` (false: a file left by a stopped one). */
function answersOn(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath)
    probe.once('connect', () => {
      probe.destroy()
      resolve(true)
    })
    probe.once('error', () => resolve(false))
  })
}

/**
 * Starts `server` listening on `address`. A Unix socket is made readable and writable by every
 * user of the machine (nginx runs as another user; the folder holding it decides who reaches it),
 * and the file a stopped server left at that path is removed first — not one a running process
 * answers on.
 *
 * @param server - the HTTP server, not listening yet.
 * @param address - {@link listenAddressOf}'s answer.
 * @returns once the server listens.
 * @throws the listening error, its `code` EADDRINUSE when the port or the socket is taken.
 */
export async function listen(server: http.Server, address: ListenAddress): Promise<void> {
  if ('socketPath' in address && fs.existsSync(address.socketPath) && !(await answersOn(address.socketPath)))
    fs.rmSync(address.socketPath, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    const options = 'socketPath' in address ? { path: address.socketPath } : { port: address.port }
    server.listen({ ...options, backlog: BACKLOG }, () => {
      server.off('error', reject)
      resolve()
    })
  })
  if ('socketPath' in address) fs.chmodSync(address.socketPath, 0o666)
}

/** How a person reads `address`: 'http://localhost:3000', or the socket's path. */
export function describeAddress(address: ListenAddress): string {
  return 'socketPath' in address ? address.socketPath : `http://localhost:${address.port}`
}
