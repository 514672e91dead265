import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** What a command-line script did: its exit code and everything it printed. */
export type ScriptRun = { code: number | null; stdout: string; stderr: string }

/**
 * The Node flags and variables the npm script running `scripts/{name}.ts` gives it, read from
 * package.json (`cross-env A=1 tsx --flag scripts/{name}.ts`): what a measure or a test of the
 * script must run with to run what `npm run` runs. None for a script without its npm script.
 */
function npmScriptSetup(name: string): { flags: string[]; env: Record<string, string> } {
  const scripts = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8')).scripts as Record<
    string,
    string
  >
  const pattern = new RegExp(`^(?:cross-env((?: \\w+=\\S+)+) )?tsx((?: --\\S+)*) scripts/${name}\\.ts\\b`)
  for (const command of Object.values(scripts)) {
    const match = pattern.exec(command)
    if (!match) continue
    const env = Object.fromEntries(
      (match[1] ?? '')
        .split(' ')
        .filter(Boolean)
        .map((assignment) => assignment.split('=', 2) as [string, string]),
    )
    return { flags: (match[2] ?? '').split(' ').filter(Boolean), env }
  }
  return { flags: [], env: {} }
}

/**
 * Test helper: runs `tsx scripts/{name}.ts …args` as `npm run …` would (with the Node flags and
 * variables of its npm script in package.json), in a production
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
    const setup = npmScriptSetup(name)
    const tsx = path.resolve('node_modules/.bin/tsx')
    const command = [...under, tsx, ...setup.flags, `scripts/${name}.ts`, ...args]
    const child = spawn(command[0] as string, command.slice(1), {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SEED_DEMO: 'false',
        NODE_ENV: 'production',
        ...setup.env,
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
