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
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
// Arguments (for the script's own tests): [input folder] [allow-list file].
const input = process.argv[2] ?? join(root, 'src')
const allowPath = process.argv[3] ?? join(root, 'scripts', 'electronegativity-allow.json')
const failing = new Set(['HIGH', 'MEDIUM'])

/** Splits one CSV line as Electronegativity writes it (quoted fields may contain commas). */
export function parseCsvLine(line) {
  const fields = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      fields.push(field.trim())
      field = ''
    } else field += c
  }
  fields.push(field.trim())
  return fields
}

/**
 * Reads the findings CSV into objects. Returns null when a row is garbled: Electronegativity now
 * and then writes a row over the start of another (seen: a row beginning with `",N/A,...`), and a
 * garbled row must never be read as "no finding".
 */
export function parseFindings(csv) {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== '')
  const findings = []
  for (const line of lines.slice(1)) {
    const [check, severity, confidence, file, location, sample] = parseCsvLine(line)
    if (!/^[A-Z_]+$/.test(check ?? '') || !/^[A-Z]+$/.test(severity ?? '') || !file) return null
    findings.push({ check, severity, confidence, file: file.replace(/\\/g, '/'), location, sample })
  }
  return findings
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

function main() {
  // The allow-list is checked first, so a malformed annotation fails before the slow scan.
  let allowList
  try {
    allowList = readAllowList(readFileSync(allowPath, 'utf8'))
  } catch (error) {
    console.error(`security: FAIL: ${allowPath}: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  const output = join(work, 'findings.csv')
  try {
    const cli = join(root, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js')
    // A garbled report is scanned again (up to three times) rather than trusted or ignored.
    let findings = null
    for (let attempt = 1; attempt <= 3 && findings === null; attempt += 1) {
      const run = spawnSync(
        process.execPath,
        [cli, '-i', input, '-o', output, '-r', '-v', 'false', '-e', electronVersion()],
        { cwd: root, encoding: 'utf8', timeout: 600_000 },
      )
      if (run.status !== 0) {
        process.stderr.write(run.stdout + run.stderr)
        console.error(`security: Electronegativity failed to run (exit ${run.status})`)
        process.exit(1)
      }
      let csv
      try {
        csv = readFileSync(output, 'utf8')
      } catch {
        process.stderr.write(run.stdout + run.stderr)
        console.error('security: Electronegativity wrote no findings file')
        process.exit(1)
      }
      findings = parseFindings(csv)
    }
    if (findings === null) {
      console.error('security: FAIL: Electronegativity wrote a garbled report three times in a row')
      process.exit(1)
    }
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
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] === import.meta.filename) main()
