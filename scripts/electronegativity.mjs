// `npm run security`: runs Electronegativity (Doyensec's static checker for Electron
// misconfigurations) over the sources and fails on any HIGH or MEDIUM finding that is not
// annotated in scripts/electronegativity-allow.json.
//
// Why src and not out/: findings must point at lines a person can read and annotate; the bundle
// in out/ is generated from the same sources. Electron's version is passed explicitly (from
// package.json), so checks whose verdict depends on Electron's defaults use the right ones.
//
// The allow-list is an array of { check, file, match?, reason }: `check` is the check id (e.g.
// OPEN_EXTERNAL_JS_CHECK), `file` the path relative to src/ (as Electronegativity reports it),
// `match` an optional substring of the flagged source line (to pin one site in the file), and
// `reason` (required, non-empty) why the finding is safe. An entry that no longer matches any finding also fails the run, so the list
// never outlives the code it excuses.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const root = join(import.meta.dirname, '..')
// Arguments (for the script's own tests): [input folder] [allow-list file].
const input = process.argv[2] ?? join(root, 'src')
const allowPath = process.argv[3] ?? join(root, 'scripts', 'electronegativity-allow.json')
const failing = new Set(['HIGH', 'MEDIUM'])

/**
 * The findings of one scan, read from the issues Electronegativity's own `run()` returns. Why not
 * its CSV report: its CLI writes the header and the rows with two writeFile calls it does not
 * order (the header truncating, the rows appending), so a report now and then came out with the
 * header written over the first rows, or with the rows lost.
 */
export function toFindings(issues) {
  return issues.map((issue) => ({
    check: String(issue.id),
    severity: String(issue.severity?.name ?? ''),
    confidence: String(issue.confidence?.name ?? ''),
    file: String(issue.file ?? '').replace(/\\/g, '/'),
    location: `${issue.location?.line}:${issue.location?.column}`,
    sample: String(issue.sample ?? ''),
  }))
}

/** Validates the allow-list: every entry needs a check, a file and a non-empty reason. */
export function readAllowList(text) {
  const entries = JSON.parse(text)
  if (!Array.isArray(entries)) throw new Error('the allow-list must be a JSON array')
  entries.forEach((entry, i) => {
    for (const key of ['check', 'file', 'reason']) {
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '') {
        throw new Error(`allow-list entry ${i} needs a non-empty "${key}"`)
      }
    }
    if (entry.match !== undefined && typeof entry.match !== 'string') {
      throw new Error(`allow-list entry ${i}: "match" must be a string`)
    }
  })
  return entries
}

/** Splits findings into blocking, allowed and ignored (LOW/INFORMATIONAL), and finds stale entries. */
export function judge(findings, allowList) {
  const used = new Set()
  const blocking = []
  const allowed = []
  let ignored = 0
  for (const finding of findings) {
    if (!failing.has(finding.severity)) {
      ignored += 1
      continue
    }
    const index = allowList.findIndex(
      (e) =>
        e.check === finding.check &&
        e.file === finding.file &&
        (e.match === undefined || (finding.sample ?? '').includes(e.match)),
    )
    if (index === -1) blocking.push(finding)
    else {
      used.add(index)
      allowed.push(finding)
    }
  }
  const stale = allowList.filter((_, i) => !used.has(i))
  return { blocking, allowed, ignored, stale }
}

function electronVersion() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return String(pkg.devDependencies?.electron ?? '').replace(/^[^\d]*/, '')
}

async function main() {
  // The allow-list is checked first, so a malformed annotation fails before the slow scan.
  let allowList
  try {
    allowList = readAllowList(readFileSync(allowPath, 'utf8'))
  } catch (error) {
    console.error(`security: FAIL: ${allowPath}: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  let issues
  try {
    // The package's own entry (dist/runner.js): the scan the CLI runs, without the CLI's report.
    const scan = createRequire(import.meta.url)('@doyensec/electronegativity')
    ;({ issues } = await scan({
      input: resolve(input),
      isRelative: true,
      isSarif: false,
      customScan: [],
      excludeFromScan: [],
      isVerbose: false,
      electronVersionOverride: electronVersion(),
      parserPlugins: [],
    }))
  } catch (error) {
    console.error(
      `security: Electronegativity failed to run: ${error instanceof Error ? error.stack : error}`,
    )
    process.exit(1)
  }
  const findings = toFindings(issues)
  const { blocking, allowed, ignored, stale } = judge(findings, allowList)
  for (const f of blocking) {
    console.error(`${f.severity} ${f.check} ${f.file}:${f.location}  ${f.sample}`)
  }
  for (const e of stale) {
    console.error(
      `stale allow-list entry (matches no finding): ${e.check} ${e.file}${e.match ? ` "${e.match}"` : ''}`,
    )
  }
  const ok = blocking.length === 0 && stale.length === 0
  console.log(
    `security: ${ok ? 'ok' : 'FAIL'}: ${findings.length} findings, ${blocking.length} unannotated HIGH/MEDIUM, ${allowed.length} annotated, ${ignored} LOW/INFO, ${stale.length} stale annotations`,
  )
  process.exit(ok ? 0 : 1)
}

if (process.argv[1] === import.meta.filename) await main()
