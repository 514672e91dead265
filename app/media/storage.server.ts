import path from 'node:path'
import { getEnv } from '#app/env.server'

/** Where uploaded files live. */
export type Storage = { localDir: string | undefined }

/** The configured storage. */
export function getStorage(): Storage {
  return { localDir: path.join(getEnv().DATA_DIR_ABS, 'uploads') }
}
