import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

let bundled: Promise<string> | null = null

/** The page bridge (page-bridge.ts and the contract it imports) bundled into one classic script. */
export function bridgeScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL('./page-bridge.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const output = result.outputFiles[0]
    if (output === undefined) throw new Error('esbuild produced no bridge script')
    return output.text
  })
  return bundled
}
