import { describe, expect, it } from 'vitest'
import { unavailability } from './unavailable'

const withCode = (code: string, message = 'erreur') => Object.assign(new Error(message), { code })

describe('unavailability (issue #37 §4)', () => {
  it('tells a database that cannot be reached, through the wrappers that carry its error', () => {
    // A PostgreSQL server shutting down, starting up, a connection refused or cut.
    expect(unavailability(withCode('57P01', 'terminating connection due to administrator command'))).toBe(
      'database',
    )
    expect(unavailability(withCode('57P03', 'the database system is starting up'))).toBe('database')
    expect(unavailability(withCode('08006'))).toBe('database')
    expect(unavailability(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))).toBe('database')
    expect(unavailability(new Error('Connection terminated unexpectedly'))).toBe('database')
    // As drizzle wraps a query's error, and Node a refused connection on two addresses.
    expect(unavailability(new Error('Failed query: select 1', { cause: withCode('ECONNRESET') }))).toBe(
      'database',
    )
    expect(unavailability(new AggregateError([withCode('ECONNREFUSED')], 'connect'))).toBe('database')
  })

  it('tells a full disk: no space, or the embedded database made read-only for lack of it', () => {
    expect(unavailability(withCode('ENOSPC'))).toBe('disk-full')
    expect(unavailability(withCode('53100', 'could not extend file'))).toBe('disk-full')
    expect(
      unavailability(
        new Error('Failed query', {
          cause: withCode('25006', 'cannot execute INSERT in a read-only transaction'),
        }),
      ),
    ).toBe('disk-full')
  })

  it('leaves every other error to be a defect', () => {
    expect(unavailability(withCode('23505', 'duplicate key value'))).toBeNull()
    expect(unavailability(new TypeError('x is undefined'))).toBeNull()
    expect(unavailability('texte')).toBeNull()
    expect(unavailability(undefined)).toBeNull()
    const loop: Error & { cause?: unknown } = new Error('boucle')
    loop.cause = loop
    expect(unavailability(loop)).toBeNull()
  })
})
