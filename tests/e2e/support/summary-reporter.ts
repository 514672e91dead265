import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/**
 * Prints one closing line `e2e: N passed, N failed, N skipped` after the list reporter, so CI logs
 * end with a count any reader (or log parser) understands. Counts each test by its outcome: an expected failure (`test.fail()`) counts as passed.
 */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Map<string, TestCase>()

  onTestEnd(test: TestCase, _result: TestResult) {
    this.tests.set(test.id, test)
  }

  onEnd(result: FullResult) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const test of this.tests.values()) {
      const outcome = test.outcome()
      if (outcome === 'expected') passed++
      else if (outcome === 'skipped') skipped++
      else failed++
    }
    if (result.status !== 'passed' && failed === 0 && passed === 0) failed = 1
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  }

  printsToStdio() {
    return true
  }
}
