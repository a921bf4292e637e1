import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/** Where the tsx loader's API is, read from its package exports (source runs only). */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url)
  const manifestPath = require.resolve('tsx/package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>
  }
  const api = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs'
  return new URL(api, pathToFileURL(manifestPath)).href
}

/**
 * Starts the worker thread `name` (e.g. "plan-worker") of the module at `here` (its
 * `import.meta.url`): the bundled `name.js` beside main's bundle (or its chunks folder) in the
 * app; else the TypeScript source beside `here`, compiled by tsx inside the thread, under the CLI
 * and the tests. Null when neither exists. Relative names are built at run time so the bundler
 * leaves them alone.
 */
export function startWorkerEntry(name: string, here: string): Worker | null {
  for (const bundled of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(bundled, here)
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return new Worker(url)
  }
  const source = new URL([`./${name}`, 'ts'].join('.'), here)
  if (source.protocol !== 'file:' || !existsSync(fileURLToPath(source))) return null
  const boot = `const { workerData } = require('node:worker_threads')
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry) })`
  return new Worker(boot, { eval: true, workerData: { tsx: tsxApiUrl(), entry: source.href } })
}
