// Fails when the built app (out/) contains any part of the development sandbox: its code, its
// GPL speech engine or its control routes. Run after `electron-vite build`.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const markers = [
  { name: 'the espeak-ng speech engine', pattern: /espeak-ng/i },
  { name: 'the sandbox control routes', pattern: /\/sandbox\/(faults|requests|conversations)/ },
  { name: 'sandbox source files', pattern: /src\/sandbox\// },
  { name: 'the sandbox entry point', pattern: /function startSandbox\b/ },
]

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

const found = []
let count = 0
for (const file of files(process.argv[2] ?? 'out')) {
  count += 1
  const text = readFileSync(file, 'latin1')
  for (const marker of markers) if (marker.pattern.test(text)) found.push(`${file}: ${marker.name}`)
}
if (count === 0) {
  console.error('check-release-bundle: out/ is empty; run `electron-vite build` first')
  process.exit(1)
}
if (found.length > 0) {
  console.error('The build contains development-only sandbox code:')
  for (const line of found) console.error(`  ${line}`)
  process.exit(1)
}
console.log(`release bundle: ${count} files, no sandbox code`)
