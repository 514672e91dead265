/**
 * A source or a target the importer refuses (issue #33: unreadable dump, another application's
 * dump, missing images folder, unreachable URL, a database holding other content). `message` is
 * French and is shown as is; nothing was written when it is thrown.
 */
export class ImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportError'
  }
}
