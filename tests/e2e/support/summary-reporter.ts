import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints one closing line `e2e: N passed, N failed, N skipped` after the list reporter, so CI logs
 * end with a count any reader (or log parser) understands. Counts each test's final result.
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>()

  onTestEnd(test: TestCase, result: TestResult) {
    this.outcomes.set(test.id, result.status)
  }

  onEnd(result: FullResult) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed++
      else if (status === 'skipped') skipped++
      else failed++
    }
    if (result.status !== 'passed' && failed === 0 && passed === 0) failed = 1
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }

  printsToStdio() {
    return true
  }
}
