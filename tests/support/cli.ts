import { spawn } from 'node:child_process'
import path from 'node:path'

/** What a command-line script did: its exit code and everything it printed. */
export type ScriptRun = { code: number | null; stdout: string; stderr: string }

/**
 * Test helper: runs `tsx scripts/{name}.ts …args` as `npm run …` would, in a production
 * environment without the demo content, with only PATH, HOME and `env` from outside, and waits
 * for it to end.
 *
 * @param name - the script's file name without `.ts`, e.g. 'admin'.
 * @param args - its arguments, e.g. `['promote', 'marie@exemple.fr']`.
 * @param env - more variables, e.g. `{ DATA_DIR: dataDir }`.
 * @param under - a command to run it under, e.g. `['/usr/bin/time', '-v']` (the scale bench's
 *   peak memory); none by default.
 * @returns its exit code, stdout and stderr.
 */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  under: string[] = [],
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const command = [...under, path.resolve('node_modules/.bin/tsx'), `scripts/${name}.ts`, ...args]
    const child = spawn(command[0] as string, command.slice(1), {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SEED_DEMO: 'false',
        NODE_ENV: 'production',
        ...env,
      },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
