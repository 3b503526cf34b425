// Prints the slowest test files of the Vitest JSON reports given, so each CI log shows where time goes.
import { existsSync, readFileSync } from 'node:fs';

const rows = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const suite = file.replace(/^.*\//, '').replace(/\.json$/, '');
  for (const result of report.testResults ?? []) {
    rows.push({ suite, file: result.name.replace(process.cwd() + '/', ''), seconds: (result.endTime - result.startTime) / 1000 });
  }
}
rows.sort((a, b) => b.seconds - a.seconds);
console.log('== slowest test files (seconds, suite, file)');
for (const row of rows.slice(0, 20)) console.log(`${row.seconds.toFixed(1).padStart(7)}  ${row.suite.padEnd(13)} ${row.file}`);
