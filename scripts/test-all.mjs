// `npm test`: every check in order (system packages, lint, typecheck, security scan, unit tests,
// end-to-end tests), each step's own output shown, then one closing line with the totals.
// Every step runs even when an earlier one failed, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

const steps = [
  { name: 'system packages', cmd: 'bash', args: ['scripts/system-deps/ensure.sh'], fatal: true },
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'security scan', cmd: 'npm', args: ['run', '--silent', 'security'] },
  {
    name: 'unit tests',
    cmd: 'npm',
    args: [
      'run',
      '--silent',
      'test:unit',
      '--',
      '--reporter=default',
      `--reporter=json`,
      `--outputFile.json=${results}/vitest.json`,
    ],
  },
  {
    name: 'end-to-end tests',
    cmd: 'npm',
    args: ['run', '--silent', 'test:e2e'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` },
  },
]

const outcome = []
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`)
  const started = Date.now()
  const run = spawnSync(step.cmd, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  })
  const ok = run.status === 0
  outcome.push({ name: step.name, ok, seconds: (Date.now() - started) / 1000 })
  if (!ok && step.fatal) break
}

function readJson(path) {
  if (!existsSync(path)) return null
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}

let passed = 0
let failed = 0
let skipped = 0
const vitest = readJson(`${results}/vitest.json`)
if (vitest) {
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
}
const playwright = readJson(`${results}/playwright.json`)
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0)
  failed += playwright.stats.unexpected ?? 0
  skipped += playwright.stats.skipped ?? 0
}
// A failed step that produced no test counts (lint, typecheck, scan) still counts as a failure.
for (const step of outcome) {
  if (!step.ok && !['unit tests', 'end-to-end tests'].includes(step.name)) failed += 1
}
const stepFailures = outcome.filter((s) => !s.ok)

// The names of failed tests, repeated at the end: a CI log is often read from its tail only.
const failedNames = []
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'failed') {
      let message = String(test.failureMessages?.[0] ?? '').split('\n')[0]
      // Vitest's JSON report gives a timeout as its stack-capture placeholder, not its message.
      if (message === 'Error: STACK_TRACE_ERROR')
        message = 'timed out (its message is in the log above)'
      failedNames.push(
        `unit  ${file.name.replace(process.cwd() + '/', '')} > ${test.fullName}: ${message}`,
      )
    }
  }
}
function collectPlaywright(suite, trail) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') {
        const error = test.results?.at(-1)?.error?.message ?? ''
        failedNames.push(
          `e2e   ${spec.file}:${spec.line} > ${[...trail, spec.title].join(' > ')}: ${error.split('\n')[0]}`,
        )
      }
    }
  }
  for (const child of suite.suites ?? [])
    collectPlaywright(child, [...trail, child.title].filter(Boolean))
}
for (const suite of playwright?.suites ?? []) collectPlaywright(suite, [])

console.log('\n=== summary ===')
if (failedNames.length > 0) {
  console.log('failed tests:')
  for (const name of failedNames) console.log(`  ${name}`)
}
for (const step of outcome)
  console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds.toFixed(1)} s)`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(stepFailures.length === 0 && failed === 0 ? 0 : 1)
