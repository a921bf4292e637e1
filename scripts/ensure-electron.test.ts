// The step before `npm start` (scripts/ensure-electron.mjs), run as npm runs it, against a copy of
// the electron package in a temp folder, with Electron's own install.js and @electron/get. The
// "release host" is a local HTTP server on 127.0.0.1 that serves a small stand-in archive through
// @electron/get's mirror setting, so nothing here needs the internet or the real 100 MB binary.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import type { Server } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const step = join(root, 'scripts/ensure-electron.mjs')
const realElectron = join(root, 'node_modules/electron')
const version = (
  JSON.parse(readFileSync(join(realElectron, 'package.json'), 'utf8')) as {
    version: string
  }
).version
const zipName = `electron-v${version}-linux-x64.zip`
const standInExecutable = '#!/bin/sh\necho "stand-in electron"\n'

let work: string
let server: Server
let baseUrl: string
let archive: Buffer
let shasums: string
const requests: string[] = []

function makeArchive(): Promise<Buffer> {
  const zip = new ZipFile()
  zip.addBuffer(Buffer.from(standInExecutable), 'electron', { mode: 0o100755 })
  zip.addBuffer(Buffer.from(version), 'version')
  zip.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

/** A directory where the package's node_modules live: hoisted, or nested under electron. */
function installedPackage(name: string): string {
  for (const base of [join(realElectron, 'node_modules'), join(root, 'node_modules')]) {
    if (existsSync(join(base, name, 'package.json'))) return join(base, name)
  }
  throw new Error(`${name} is not installed`)
}

/** A fresh copy of the electron package (its files, no binary), beside links to its deps. */
function copyElectronPackage(): string {
  const modules = mkdtempSync(join(work, 'project-'))
  const dir = join(modules, 'node_modules/electron')
  mkdirSync(dir, { recursive: true })
  for (const file of ['package.json', 'install.js', 'checksums.json', 'index.js', 'cli.js']) {
    copyFileSync(join(realElectron, file), join(dir, file))
  }
  for (const dependency of ['@electron/get', '@electron-internal/extract-zip']) {
    mkdirSync(dirname(join(modules, 'node_modules', dependency)), { recursive: true })
    symlinkSync(installedPackage(dependency), join(modules, 'node_modules', dependency), 'junction')
  }
  return dir
}

/** The environment npm would give the step, minus any Electron setting of the person running it. */
function stepEnv(mirror: string, cache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(electron_|npm_config_electron|npm_package_config_electron)/i.test(key)) env[key] = value
  }
  return {
    ...env,
    ELECTRON_MIRROR: mirror,
    electron_config_cache: cache,
    ELECTRON_INSTALL_PLATFORM: 'linux',
    ELECTRON_INSTALL_ARCH: 'x64',
    ELECTRON_GET_NO_PROGRESS: '1',
    // The stand-in archive is not in the package's checksums.json: take the mirror's
    // SHASUMS256.txt instead (the supported switch; checksums are still verified).
    electron_use_remote_checksums: '1',
  }
}

type StepResult = { code: number; stdout: string; stderr: string }

function runStep(electronDir: string, env: NodeJS.ProcessEnv): Promise<StepResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [step, '--electron-dir', electronDir],
      { env, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'voicedesk-ensure-electron-'))
  archive = await makeArchive()
  const sum = createHash('sha256').update(archive).digest('hex')
  shasums = `${sum} *${zipName}\n`
  server = createServer((request, response) => {
    const path = request.url ?? ''
    requests.push(path)
    if (path === `/v${version}/${zipName}`) {
      response.writeHead(200, { 'content-type': 'application/zip' }).end(archive)
    } else if (path === `/v${version}/SHASUMS256.txt`) {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(shasums)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(work, { recursive: true, force: true })
})

describe('ensure-electron (the step before npm start)', () => {
  it('runs before `npm start` and `npm run dev`, which need the binary', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(scripts.start).toBe('electron-vite dev')
    expect(scripts.dev).toBe('electron-vite dev')
    expect(scripts.prestart).toBe('node scripts/ensure-electron.mjs')
    expect(scripts.predev).toBe('node scripts/ensure-electron.mjs')
  })

  it('downloads Electron through the mirror, checks it, unpacks it and writes path.txt', async () => {
    const dir = copyElectronPackage()
    requests.length = 0

    const first = await runStep(dir, stepEnv(baseUrl, join(work, 'cache-a')))

    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(requests).toEqual([`/v${version}/${zipName}`, `/v${version}/SHASUMS256.txt`])
    expect(readFileSync(join(dir, 'path.txt'), 'utf8')).toBe('electron')
    expect(readFileSync(join(dir, 'dist/electron'), 'utf8')).toBe(standInExecutable)
    expect(statSync(join(dir, 'dist/electron')).mode & 0o111).not.toBe(0)
    expect(first.stdout).toContain(`Electron ${version} installed: ${join(dir, 'dist/electron')}`)

    // The next start finds it installed and asks the network for nothing.
    const again = await runStep(dir, stepEnv('http://127.0.0.1:9/', join(work, 'cache-a')))
    expect(again).toEqual({ code: 0, stdout: '', stderr: '' })
    expect(requests).toHaveLength(2)
  })

  it('refuses an archive whose checksum does not match, and installs nothing', async () => {
    const dir = copyElectronPackage()
    const good = shasums
    shasums = `${'0'.repeat(64)} *${zipName}\n`
    try {
      const result = await runStep(dir, stepEnv(baseUrl, join(work, 'cache-b')))
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/could not be downloaded \(.*checksum.*did not match/i)
      expect(existsSync(join(dir, 'path.txt'))).toBe(false)
    } finally {
      shasums = good
    }
  })

  it('offline: one paragraph that says what to do, no stack trace, exit 1', async () => {
    const dir = copyElectronPackage()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const result = await runStep(dir, stepEnv(`http://127.0.0.1:${port}/`, join(work, 'cache-c')))

    expect(result.code).toBe(1)
    const message = result.stderr.trim()
    expect(message).not.toContain('\n')
    expect(message).not.toMatch(/\bat .*\.js:\d+/)
    expect(message).toMatch(
      new RegExp(
        `^Electron ${version.replace(/\./g, '\\.')} is not installed and could not be downloaded \\(TypeError: fetch failed: no connection`,
      ),
    )
    for (const advice of ['ELECTRON_MIRROR', zipName, 'ELECTRON_EXEC_PATH', '`npm test`']) {
      expect(message).toContain(advice)
    }
    expect(existsSync(join(dir, 'path.txt'))).toBe(false)
  })

  it('stops with a clear message when ELECTRON_EXEC_PATH points at nothing', async () => {
    const dir = copyElectronPackage()
    const missing = join(work, 'no-such-electron')
    const env = { ...stepEnv(baseUrl, join(work, 'cache-d')), ELECTRON_EXEC_PATH: missing }
    requests.length = 0

    const result = await runStep(dir, env)

    expect(result.code).toBe(1)
    expect(result.stderr.trim()).toBe(
      `ELECTRON_EXEC_PATH is set to ${missing}, which does not exist. Point it at an Electron ` +
        `${version} executable, or unset it to let this step download Electron into ${join(dir, 'dist')}.`,
    )
    expect(requests).toEqual([])
  })
})
