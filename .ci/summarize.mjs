// Sums Vitest JSON reports into the one closing line CI reads; a missing report counts as a failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function failedTests(file, report) {
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const name = suite.name ? suite.name.replace(process.cwd() + '/', '') : file;
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = String(test.failureMessages?.[0] ?? '')
        .split('\n')
        .slice(0, 3)
        .join(' | ')
        .slice(0, 400);
      lines.push(`FAILED ${name} > ${test.fullName}: ${why}`);
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      lines.push(
        `FAILED ${name}: ${String(suite.message ?? '')
          .split('\n')[0]
          .slice(0, 400)}`,
      );
    }
  }
  return lines;
}
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: no report (the suite did not run to the end)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite file that failed to load has no failed test but must still fail the run.
  if (report.success === false && (report.numFailedTests ?? 0) === 0) failed += 1;
  failures.push(...failedTests(file, report));
}
// CI shows only the end of its output: the failed tests are named here, just above the closing line.
for (const line of failures) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
