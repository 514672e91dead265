import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadEnvFile } from './env-file.server'

const NAMES = ['ENCRE_TEST_FROM_FILE', 'ENCRE_TEST_ALREADY_SET', 'ENCRE_TEST_QUOTED'] as const

/** The folders the test wrote its files in, removed after it. */
const folders: string[] = []

afterEach(() => {
  for (const name of NAMES) delete process.env[name]
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function writeEnvFile(text: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'encre-env-'))
  folders.push(folder)
  const file = path.join(folder, '.env')
  fs.writeFileSync(file, text)
  return file
}

describe('loadEnvFile', () => {
  it('sets the variables of the file, comments aside, and leaves the ones already set', () => {
    const file = writeEnvFile(
      '# Un commentaire\nENCRE_TEST_FROM_FILE=depuis le fichier\nENCRE_TEST_ALREADY_SET=fichier\nENCRE_TEST_QUOTED="a # b"\n',
    )
    process.env.ENCRE_TEST_ALREADY_SET = 'environnement'

    expect(loadEnvFile(file)).toBe(true)

    expect(process.env.ENCRE_TEST_FROM_FILE).toBe('depuis le fichier')
    expect(process.env.ENCRE_TEST_ALREADY_SET).toBe('environnement')
    expect(process.env.ENCRE_TEST_QUOTED).toBe('a # b')
  })

  it('reads nothing when the file does not exist or ENV_FILE is empty', () => {
    const file = writeEnvFile('ENCRE_TEST_FROM_FILE=x\n')

    expect(loadEnvFile(path.join(path.dirname(file), 'absent.env'))).toBe(false)
    expect(loadEnvFile('')).toBe(false)

    expect(process.env.ENCRE_TEST_FROM_FILE).toBeUndefined()
  })
})
