import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The release configuration, checked with electron-builder's own schema (the packaging itself
// needs the Electron binary, which cannot be downloaded here).
const require = createRequire(import.meta.url)
const root = join(import.meta.dirname, '..', '..')

async function loadConfig(): Promise<Record<string, unknown>> {
  const yaml = require('js-yaml') as { load(text: string): unknown }
  return yaml.load(await readFile(join(root, 'electron-builder.yml'), 'utf8')) as Record<
    string,
    unknown
  >
}

describe('electron-builder.yml', () => {
  it('is valid for electron-builder', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration: (config: unknown, logger: unknown) => Promise<void>
    }
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (enabled: boolean) => unknown
    }
    await expect(
      validateConfiguration(await loadConfig(), new DebugLogger(false)),
    ).resolves.toBeUndefined()
  })

  it('flips the security fuses', async () => {
    expect((await loadConfig()).electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      // The renderer is served from app://, so file: pages get no extra privileges.
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('ships only the built app, in an asar, with native modules unpacked, for every target', async () => {
    const config = await loadConfig()
    expect(config).toMatchObject({
      appId: expect.any(String),
      productName: 'VoiceDesk',
      // The built app, its manifest and the one icon the window loads; never src/ or the sandbox.
      files: ['out/**', 'package.json', 'resources/icons/256x256.png'],
      asar: true,
      asarUnpack: ['**/*.node'],
      linux: { target: ['AppImage', 'deb'] },
      mac: { target: ['dmg'] },
      win: { target: ['nsis'] },
    })
  })
})
