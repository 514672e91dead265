/**
 * Whether a process with this id runs on this machine (the signal 0 only checks): for files a
 * process marks as its own — the embedded database's lock, an e-mail being written.
 *
 * @param pid - a process id.
 * @returns true when it runs (including one this user may not signal), false when none has it.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
