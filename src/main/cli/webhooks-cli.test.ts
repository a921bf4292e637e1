import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '../testing/manual-clock'
import { runCli } from './run'

// What docs/cli.md promises about `voicedesk webhooks verify`. Signatures are computed by openssl
// (outside this code), over "<t>.<body bytes>" exactly as the service signs.

const SECRET = 'whsec_cli_canary_Zp81Lq0v'
const T = 1_700_000_000
const BODY = '{"type":"conversation.ended","id":"evt_1","data":{"note":"café ☕"}}\n'

let dir: string
let bodyPath: string
let secretPath: string

/** The hex HMAC-SHA256 of `<t>.<body>` as openssl computes it. */
function opensslSignature(secret: string, t: number, body: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], {
    input: Buffer.from(`${t}.${body}`, 'utf8'),
  }).toString()
  const hex = /([0-9a-f]{64})\s*$/.exec(out)?.[1]
  if (hex === undefined) throw new Error(`unexpected openssl output: ${out}`)
  return hex
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-webhooks-cli-'))
  bodyPath = join(dir, 'body.json')
  await writeFile(bodyPath, BODY)
  secretPath = join(dir, 'webhook-secret')
  // As `echo "$SECRET" > file` writes it: with a final line break, readable by its owner only.
  await writeFile(secretPath, `${SECRET}\n`, { mode: 0o600 })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Runs the CLI in-process at `nowSeconds`, with no service address or key at all. */
async function verify(args: string[], nowSeconds = T + 12, env: Record<string, string> = {}) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(['webhooks', 'verify', ...args], {
    io: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
    env,
    signal: new AbortController().signal,
    clock: createManualClock(nowSeconds * 1000),
  })
  expect(`${stdout}${stderr}`).not.toContain(SECRET)
  return { code, stdout, stderr }
}

describe('voicedesk webhooks verify', () => {
  it('has help of its own, needing no address or key, and the overview lists it', async () => {
    for (const words of [['webhooks'], ['webhooks', 'verify']]) {
      for (const args of [
        [...words, '--help'],
        [...words, '-h'],
        ['help', ...words],
      ]) {
        let stdout = ''
        let stderr = ''
        const code = await runCli(args, {
          io: { out: (t) => (stdout += t), err: (t) => (stderr += t) },
          env: {},
          signal: new AbortController().signal,
        })
        expect({ args, code, stderr }).toEqual({ args, code: 0, stderr: '' })
        expect(stdout.startsWith(`Usage: voicedesk webhooks verify --secret-file F`)).toBe(true)
      }
    }
    let overview = ''
    await runCli(['--help'], {
      io: { out: (t) => (overview += t), err: () => undefined },
      env: {},
      signal: new AbortController().signal,
    })
    expect(overview).toContain(
      "\n  webhooks verify --secret-file F --header 't=…,v1=…' --body FILE",
    )
    expect(overview).toContain(
      '9 signature does not match, 10 stale timestamp, 11 malformed header',
    )
  })

  it('a delivery signed as the service signs it is valid: exit 0, "valid"', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    const r = await verify(['--secret-file', secretPath, '--header', header, '--body', bodyPath])
    expect(r).toEqual({ code: 0, stdout: 'valid\n', stderr: '' })
    const json = await verify([
      '--secret-file',
      secretPath,
      '--header',
      header,
      '--body',
      bodyPath,
      '--json',
    ])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({ valid: true, timestamp: T, ageSeconds: 12 })
  })

  it('the secret may come from VOICEDESK_WEBHOOK_SECRET instead of the command line', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    const r = await verify(['--header', header, '--body', bodyPath], T, {
      VOICEDESK_WEBHOOK_SECRET: SECRET,
    })
    expect(r).toMatchObject({ code: 0, stdout: 'valid\n' })
  })

  it('refuses --secret VALUE, which any user can read in the process list, and says how to pass it', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    for (const args of [
      ['--secret', SECRET, '--header', header, '--body', bodyPath],
      [`--secret=${SECRET}`, '--header', header, '--body', bodyPath],
      // Not even beside a private way: the secret is already exposed, and must not seem accepted.
      ['--secret', SECRET, '--secret-file', secretPath, '--header', header, '--body', bodyPath],
    ]) {
      const r = await verify(args)
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: '' })
      expect(r.stderr).toMatch(
        /^voicedesk: --secret is refused: a secret on the command line can be read by anyone who lists this machine's processes\. Put it in a file only you can read and pass --secret-file FILE, or set VOICEDESK_WEBHOOK_SECRET\./,
      )
    }
  })

  it('an empty secret, from a file or the environment, is refused before any check (exit 2)', async () => {
    // Anyone can sign with an empty secret: a delivery signed with one must not come out valid.
    const header = `t=${T},v1=${opensslSignature('', T, BODY)}`
    const emptyFile = join(dir, 'empty-secret')
    await writeFile(emptyFile, '\n', { mode: 0o600 })
    const fromFile = await verify([
      '--secret-file',
      emptyFile,
      '--header',
      header,
      '--body',
      bodyPath,
    ])
    expect(fromFile.code).toBe(2)
    expect(fromFile.stderr).toMatch(/^voicedesk: The secret file .*empty-secret is empty\./)
    const fromEnv = await verify(['--header', header, '--body', bodyPath], T, {
      VOICEDESK_WEBHOOK_SECRET: '',
    })
    expect(fromEnv.code).toBe(2)
    expect(fromEnv.stderr).toMatch(/--secret-file FILE \(or set VOICEDESK_WEBHOOK_SECRET\)/)
  })

  it('a missing secret file is exit 4 naming it; an oversized one is refused unread (exit 2)', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    const missing = await verify([
      '--secret-file',
      join(dir, 'no-such-secret'),
      '--header',
      header,
      '--body',
      bodyPath,
    ])
    expect(missing.code).toBe(4)
    expect(missing.stderr).toMatch(/The secret file .*no-such-secret does not exist/)
    const big = join(dir, 'big-secret')
    await writeFile(big, 'x'.repeat(5000))
    const tooBig = await verify(['--secret-file', big, '--header', header, '--body', bodyPath])
    expect(tooBig.code).toBe(2)
    expect(tooBig.stderr).toMatch(/longer than 4096 bytes/)
    expect(tooBig.stderr).not.toContain('xxxx')
  })

  it('a body changed by one byte, or another secret, is exit 9 with the reason', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    const changed = join(dir, 'changed.json')
    // Re-serialised JSON: the same data, not the same bytes.
    await writeFile(changed, `${JSON.stringify(JSON.parse(BODY))}`)
    for (const [args, env] of [
      [['--secret-file', secretPath, '--header', header, '--body', changed], {}],
      [['--header', header, '--body', bodyPath], { VOICEDESK_WEBHOOK_SECRET: `${SECRET}x` }],
    ] as const) {
      const r = await verify([...args], T + 12, env)
      expect(r.code).toBe(9)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe(
        'voicedesk: The signature does not match this body and secret. Check the secret, and sign the raw body bytes as received (not re-serialised JSON).\n',
      )
    }
  })

  it('a timestamp past the tolerance is exit 10 and says its age; --tolerance widens it', async () => {
    const header = `t=${T},v1=${opensslSignature(SECRET, T, BODY)}`
    const args = ['--secret-file', secretPath, '--header', header, '--body', bodyPath]
    expect((await verify(args, T + 300)).code).toBe(0)
    const stale = await verify(args, T + 301)
    expect(stale.code).toBe(10)
    expect(stale.stderr).toMatch(
      /^voicedesk: The signature is 301 s old, more than the 300 s allowed/,
    )
    const json = await verify([...args, '--json'], T + 4000)
    expect(JSON.parse(json.stdout)).toMatchObject({
      valid: false,
      reason: 'stale',
      ageSeconds: 4000,
    })
    expect((await verify([...args, '--tolerance', '4000'], T + 4000)).code).toBe(0)
    const future = await verify(args, T - 900)
    expect(future.code).toBe(10)
    expect(future.stderr).toMatch(/dated 900 s in the future/)
  })

  it('a malformed header is exit 11 and says the expected form', async () => {
    for (const header of [
      `v1=${opensslSignature(SECRET, T, BODY)}`,
      `t=${T}`,
      `t=${T},v1=not-hex`,
      'sha256=abc',
    ]) {
      const r = await verify(['--secret-file', secretPath, '--header', header, '--body', bodyPath])
      expect({ header, code: r.code }).toEqual({ header, code: 11 })
      expect(r.stderr).toMatch(
        /^voicedesk: The signature header is not in the form t=<unix seconds>,v1=/,
      )
    }
  })

  it('usage mistakes are exit 2, a missing body file exit 4, and none of them prints the secret', async () => {
    const header = `t=${T},v1=${'a'.repeat(64)}`
    const cases: [string[], number, RegExp][] = [
      [
        ['--header', header, '--body', bodyPath],
        2,
        /--secret-file FILE \(or set VOICEDESK_WEBHOOK_SECRET\)/,
      ],
      [['--secret-file', secretPath, '--body', bodyPath], 2, /--header is required/],
      [['--secret-file', secretPath, '--header', header], 2, /--body FILE is required/],
      [
        [
          '--secret-file',
          secretPath,
          '--header',
          header,
          '--body',
          bodyPath,
          '--tolerance',
          'soon',
        ],
        2,
        /--tolerance is a whole number of seconds/,
      ],
      // A secret typed as an argument is refused without repeating it.
      [[SECRET, '--header', header, '--body', bodyPath], 2, /takes only options/],
      [
        ['--secret-file', secretPath, '--header', header, '--body', join(dir, 'nope.json')],
        4,
        /The body file .*nope\.json does not exist/,
      ],
    ]
    for (const [args, code, message] of cases) {
      const r = await verify(args)
      expect({ args, code: r.code }).toEqual({ args, code })
      expect(r.stderr).toMatch(message)
    }
    // Not even after a mistyped command word.
    let stderr = ''
    await runCli(['webhooks', SECRET], {
      io: { out: () => undefined, err: (t) => (stderr += t) },
      env: {},
      signal: new AbortController().signal,
    })
    expect(stderr).toMatch(/^voicedesk: Unknown command "webhooks …"/)
    expect(stderr).not.toContain(SECRET)
  })
})
