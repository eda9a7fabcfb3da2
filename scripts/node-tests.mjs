// Runs test files with node's test runner, reads the counts from its TAP summary and sums them over a run's suites.
// Only Node built-ins.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, seconds } from './lib.mjs';

/**
 * Runs node's test runner over files, one file at a time, with TypeScript through tsx unless `tsx` is false.
 * `node` is the binary (the one on PATH by default). Resolves with the counts and the time taken; a run that exits
 * with an error but reports no failing test counts as one failure.
 */
export function runNodeTests(files, { node = 'node', env = {}, tsx = true } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(node, [...(tsx ? ['--import', 'tsx'] : []), '--test', '--test-reporter=tap', '--test-concurrency=1', ...files], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const finish = (code) => {
      const count = (name) => Number(new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? 0);
      const failed = count('fail') + count('cancelled');
      resolve({ passed: count('pass'), failed: failed || (code === 0 ? 0 : 1), failures: failuresIn(output), ms: Date.now() - started });
    };
    child.on('error', (error) => {
      console.error(`could not start ${node}: ${error.message}`);
      finish(1);
    });
    child.on('exit', finish);
  });
}

/**
 * The failing tests of a TAP report, each as its path of names ("file › suite › test"), innermost failures only: a
 * suite that fails because a test in it failed is not listed again. The summary repeats them, so that a long run's
 * last lines say which tests failed.
 */
export function failuresIn(tap) {
  const names = [];
  const failures = [];
  for (const line of tap.split('\n')) {
    const subtest = /^( *)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      const depth = subtest[1].length / 4;
      names.length = depth;
      names[depth] = subtest[2];
      continue;
    }
    const notOk = /^( *)not ok \d+ - (.*?)(?: # .*)?$/.exec(line);
    if (!notOk) continue;
    const depth = notOk[1].length / 4;
    const path = [...names.slice(0, depth), notOk[2]].join(' › ');
    if (!failures.some((failure) => failure.startsWith(`${path} › `))) failures.push(path);
  }
  return failures;
}

/** The unit test files of packages/<name>/test for the given packages (every package by default). */
export function packageTestFiles(names = readdirSync(join(ROOT, 'packages'))) {
  return names.flatMap((name) => {
    const folder = join('packages', name, 'test');
    if (!existsSync(join(ROOT, folder))) return [];
    return readdirSync(join(ROOT, folder))
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join(folder, file));
  });
}

/** How many failing tests a suite's summary line names. */
const MAX_LISTED_FAILURES = 20;

/**
 * Counts of every suite of a run and a line per suite; `summary()` prints the lines, the total time and the one line
 * "N passed, N failed" that sums them all. A suite's failing tests are listed under its line.
 */
export function createTally() {
  const started = Date.now();
  const totals = { passed: 0, failed: 0 };
  const lines = [];
  return {
    totals,
    record(suite, passed, failed, ms, failures = []) {
      totals.passed += passed;
      totals.failed += failed;
      lines.push(`${suite}: ${passed} passed, ${failed} failed in ${seconds(ms)}`);
      for (const failure of failures.slice(0, MAX_LISTED_FAILURES)) lines.push(`  ✗ ${failure}`);
      if (failures.length > MAX_LISTED_FAILURES) lines.push(`  … and ${failures.length - MAX_LISTED_FAILURES} more`);
    },
    note(line) {
      lines.push(line);
    },
    summary() {
      console.log('');
      for (const line of lines) console.log(`  ${line}`);
      console.log(`  total: ${seconds(Date.now() - started)}`);
      console.log(`${totals.passed} passed, ${totals.failed} failed`);
    },
  };
}
