// Runs before `npm start` and `npm run dev` (prestart, predev): makes sure the Electron binary is
// installed, because electron-vite reads node_modules/electron/path.txt itself and stops with
// "Electron uninstall" when it is missing, and the electron package (45+) has no install script:
// it downloads the binary only when something first calls require('electron').
//
// The download is Electron's own: this runs the package's install.js (@electron/get, checksums
// from the package's checksums.json, the cache, ELECTRON_MIRROR and the other settings its README
// lists). When it fails, one paragraph says what went wrong and what to do, instead of its stack.
//
// Usage: node scripts/ensure-electron.mjs [--electron-dir DIR]   (DIR: the electron package; the
// tests point it at a copy so they never touch the real one)
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'

function electronPackageDir(argv) {
  const at = argv.indexOf('--electron-dir')
  if (at !== -1 && argv[at + 1] !== undefined) return resolve(argv[at + 1])
  const require = createRequire(import.meta.url)
  return dirname(require.resolve('electron/package.json'))
}

// Same platform and arch choice and the same executable names as the package's install.js.
function target() {
  const env = process.env
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform
  const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch
  const executable =
    platform === 'darwin' || platform === 'mas'
      ? 'Electron.app/Contents/MacOS/Electron'
      : platform === 'win32'
        ? 'electron.exe'
        : 'electron'
  return { platform, arch, executable }
}

/** The installed executable, or null: what electron-vite resolves (path.txt under dist/). */
function installedExecutable(dir) {
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const executable = join(dir, 'dist', readFileSync(pathFile, 'utf8'))
  return existsSync(executable) ? executable : null
}

function runInstall(dir) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(dir, 'install.js')], {
      cwd: dir,
      stdio: ['ignore', 'inherit', 'pipe'],
    })
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', (error) => done({ code: 1, stderr: String(error) }))
    child.on('close', (code) => done({ code: code ?? 1, stderr }))
  })
}

// The error's first line ("TypeError: fetch failed", "HTTPError: Response code 404 ...",
// "Error: Generated checksum ... did not match"), without the stack below it.
function reasonFrom(stderr) {
  const line = stderr
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '' && !text.startsWith('at '))
  if (line === undefined) return 'the download step ended without saying why'
  // Node's fetch reports every connection failure (offline, DNS, refused, blocked) this way.
  return /fetch failed/i.test(line) ? `${line}: no connection to the download server` : line
}

function advice({ version, dir, reason }) {
  const { platform, arch, executable } = target()
  const zip = `electron-v${version}-${platform}-${arch}.zip`
  return [
    `Electron ${version} is not installed and could not be downloaded (${reason}).`,
    '`npm start` and `npm run dev` run the app in Electron, whose binary npm does not fetch at',
    `install time: this step downloads it once, into ${join(dir, 'dist')}. To get it, either run`,
    "`npm start` again where Electron's release downloads can be reached (behind a proxy, set",
    'ELECTRON_GET_USE_PROXY=1 and HTTPS_PROXY); or set ELECTRON_MIRROR to a mirror of the',
    `Electron releases whose v${version}/ folder holds ${zip}; or, with that zip at hand, unzip it`,
    `into ${join(dir, 'dist')} and write "${executable}" into ${join(dir, 'path.txt')}; or set`,
    `ELECTRON_EXEC_PATH to an Electron ${version} executable. Everything else works without`,
    'Electron: `npm test` tests the app in Chromium, and `npm run cli` runs the command line.',
  ].join(' ')
}

async function main() {
  const dir = electronPackageDir(process.argv.slice(2))
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))

  // electron-vite uses ELECTRON_EXEC_PATH instead of path.txt when it is set.
  const override = process.env.ELECTRON_EXEC_PATH
  if (override) {
    if (existsSync(override)) return 0
    console.error(
      `ELECTRON_EXEC_PATH is set to ${override}, which does not exist. Point it at an Electron ` +
        `${version} executable, or unset it to let this step download Electron into ${join(dir, 'dist')}.`,
    )
    return 1
  }
  if (installedExecutable(dir) !== null) return 0

  console.log(`Electron ${version} is not installed yet: downloading it (once, about 100 MB)...`)
  const { code, stderr } = await runInstall(dir)
  const executable = installedExecutable(dir)
  if (code === 0 && executable !== null) {
    if (stderr.trim() !== '') process.stderr.write(stderr)
    console.log(`Electron ${version} installed: ${executable}`)
    return 0
  }
  const reason = code === 0 ? 'the download left no executable behind' : reasonFrom(stderr)
  console.error(advice({ version, dir, reason }))
  return 1
}

process.exitCode = await main()
