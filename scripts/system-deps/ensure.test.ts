import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const here = join(process.cwd(), 'scripts', 'system-deps')
const temps: string[] = []

afterEach(async () => {
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vd-sysdeps-'))
  temps.push(dir)
  return dir
}

interface Machine {
  /** Packages dpkg reports as installed. */
  installed: string[]
  root: boolean
  os?: string
  dpkg?: boolean
  /** Whether pkg-config finds libsecret-1 (used where there is no dpkg). */
  libsecret?: boolean
}

/**
 * Runs ensure.sh on a made-up machine: uname, id, dpkg-query, apt-get and pkg-config are stubs
 * on PATH that answer as `machine` says and log what they were asked to do.
 */
async function ensure(machine: Machine, phase?: string) {
  const bin = await tempDir()
  const log = join(bin, 'calls.log')
  const stub = async (name: string, body: string) => {
    await writeFile(join(bin, name), `#!/bin/bash\n${body}\n`)
    await chmod(join(bin, name), 0o755)
  }
  await stub('uname', `echo ${machine.os ?? 'Linux'}`)
  await stub('id', `[ "$1" = -u ] && echo ${machine.root ? 0 : 1000}`)
  if (machine.dpkg !== false) {
    await stub(
      'dpkg-query',
      `pkg="\${@: -1}"; for p in ${machine.installed.join(' ')}; do [ "$p" = "$pkg" ] && { printf 'install ok installed'; exit 0; }; done; exit 1`,
    )
  }
  await stub('apt-get', `echo "apt-get $*" >> ${log}`)
  await stub('pkg-config', machine.libsecret ? 'exit 0' : 'exit 1')
  // Only the stubs and the shell's own tools: nothing of this machine's dpkg or apt is reachable.
  for (const tool of ['bash', 'grep', 'cat', 'dirname']) {
    const found = (await run('bash', ['-c', `command -v ${tool}`])).stdout.trim()
    await run('ln', ['-s', found, join(bin, tool)])
  }
  const args = [join(here, 'ensure.sh'), ...(phase === undefined ? [] : [phase])]
  const result = await run('bash', args, { env: { PATH: bin } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
  const calls = await readFile(log, 'utf8').catch(() => '')
  return { ...result, calls }
}

const BUILD = ['libsecret-1-dev', 'pkg-config', 'python3', 'make', 'g++']
const TEST_ONLY = ['chromium', 'ffmpeg', 'dbus', 'gnome-keyring', 'openssl']

describe('scripts/system-deps/ensure.sh', () => {
  it('does nothing when every package is there', async () => {
    const r = await ensure({ installed: [...BUILD, ...TEST_ONLY], root: true })
    expect(r.code).toBe(0)
    expect(r.calls).toBe('')
  })

  it('as root, npm install installs only the build packages that are missing', async () => {
    const r = await ensure({ installed: ['python3', 'make', 'g++'], root: true }, 'install')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Installing system packages: libsecret-1-dev pkg-config')
    expect(r.calls).toContain('apt-get update')
    expect(r.calls).toMatch(/apt-get install .*libsecret-1-dev pkg-config\n/)
    expect(r.calls).not.toContain('chromium')
  })

  it('as root, npm test installs the test packages too', async () => {
    const r = await ensure({ installed: BUILD, root: true })
    expect(r.code).toBe(0)
    expect(r.calls).toMatch(/apt-get install .*chromium ffmpeg dbus gnome-keyring openssl\n/)
  })

  it('without root, names the exact command and fails before any native build', async () => {
    const r = await ensure({ installed: ['make'], root: false }, 'install')
    expect(r.code).toBe(1)
    expect(r.calls).toBe('')
    expect(r.stderr).toContain('sudo apt-get install libsecret-1-dev pkg-config python3 g++')
  })

  it('on macOS or Windows there is nothing to install', async () => {
    const r = await ensure({ installed: [], root: false, os: 'Darwin' }, 'install')
    expect(r.code).toBe(0)
    expect(r.calls).toBe('')
  })

  it('on Linux without dpkg, checks libsecret by pkg-config and names what to install', async () => {
    const missing = await ensure({ installed: [], root: true, dpkg: false }, 'install')
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('libsecret')
    expect(missing.calls).toBe('')
    const present = await ensure(
      { installed: [], root: true, dpkg: false, libsecret: true },
      'install',
    )
    expect(present.code).toBe(0)
  })
})

describe('npm install order', () => {
  // Why this matters: npm runs the root project's own preinstall only after every dependency is
  // built, too late for keytar. A dependency's preinstall runs before any dependency's install.
  it('runs the system-deps preinstall before a native addon builds (real npm, local packages only)', async () => {
    const project = await tempDir()
    const pkg = (dir: string, manifest: object) =>
      mkdir(join(project, dir), { recursive: true }).then(() =>
        writeFile(join(project, dir, 'package.json'), JSON.stringify(manifest)),
      )
    const marker = join(project, 'system-deps-ran')
    await pkg('deps', {
      name: 'z-system-deps',
      version: '1.0.0',
      scripts: { preinstall: `node -e "require('fs').writeFileSync('${marker}', 'x')"` },
    })
    await pkg('native', {
      name: 'a-native-addon',
      version: '1.0.0',
      scripts: { install: `node -e "require('fs').statSync('${marker}')"` },
    })
    const root = JSON.parse(await readFile('package.json', 'utf8')) as {
      devDependencies: Record<string, string>
    }
    // Named so that alphabetical order would build the addon first: only npm's phases (every
    // preinstall before any install) make it pass. The same wiring as the project: a file: dependency installed as a copy (install-links).
    expect(root.devDependencies['voicedesk-system-deps']).toBe('file:scripts/system-deps')
    expect(await readFile('.npmrc', 'utf8')).toMatch(/^install-links=true$/m)
    await pkg('.', {
      name: 'order-check',
      version: '1.0.0',
      private: true,
      dependencies: { 'a-native-addon': 'file:native' },
      devDependencies: { 'z-system-deps': 'file:deps' },
    })
    await writeFile(join(project, '.npmrc'), 'install-links=true\n')
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: project })
    expect(await readFile(marker, 'utf8')).toBe('x')
    const manifest = JSON.parse(await readFile(join(here, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    expect(manifest.scripts.preinstall).toBe('bash ensure.sh install')
  }, 120_000)
})
