// Fails when TypeScript files under a folder (src by default) import each other in a circle.
// Part of `npm run lint`. Why a script and not ESLint's import/no-cycle: that rule skips
// `import type`, and the cycle issue 12 removed (render-job <-> render-run) was closed by a type
// import; a circle of types still ties two files together, so it counts here, as it does for
// madge. Why the TypeScript API: it resolves imports exactly as the typecheck does, and it is
// already installed.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

const resolution = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

/** Each file under `root` with the files under `root` it imports (type imports included). */
export function importGraph(root) {
  const files = [...sourceFiles(resolve(root))].sort()
  const inside = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const deps = new Set()
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const found = ts.resolveModuleName(fileName, file, resolution, ts.sys).resolvedModule
      const target = found && resolve(found.resolvedFileName)
      if (target && inside.has(target)) deps.add(target)
    }
    graph.set(file, [...deps].sort())
  }
  return graph
}

/** The import cycles of `graph`: one list of files per strongly connected group (Tarjan). */
export function importCycles(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const cycles = []
  let next = 0
  const visit = (file) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep)
        low.set(file, Math.min(low.get(file), low.get(dep)))
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file), index.get(dep)))
    }
    if (low.get(file) !== index.get(file)) return
    const group = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? 'src'
  const graph = importGraph(root)
  const cycles = importCycles(graph)
  if (cycles.length > 0) {
    console.error(`Import cycles under ${root} (move what both sides need into a third file):`)
    for (const group of cycles) {
      console.error(`  ${group.map((file) => relative(process.cwd(), file)).join(' <-> ')}`)
    }
    process.exit(1)
  }
  console.log(`import cycles: none among ${graph.size} files under ${root}`)
}
