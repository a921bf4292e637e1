import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAppFileServer } from './app-file-server'
import { contentSecurityPolicy } from './csp'
import { useTempDirs } from '../testing/temp-dir'

const tempDir = useTempDirs('voicedesk-app-files-')

// A real folder on disk: the renderer, a secret beside it, and links pointing in and out.
let dir = ''
let root = ''

beforeAll(async () => {
  dir = await tempDir()
  root = join(dir, 'renderer')
  await mkdir(join(root, 'assets'), { recursive: true })
  await writeFile(join(root, 'index.html'), '<!doctype html><title>VoiceDesk</title>')
  await writeFile(join(root, 'assets', 'index.js'), 'console.log(1)')
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer folder')
  await mkdir(join(dir, 'renderer-evil'))
  await writeFile(join(dir, 'renderer-evil', 'x.js'), 'evil')
  await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'leak.txt'))
  await symlink(dir, join(root, 'up'))
  await symlink(join(root, 'assets', 'index.js'), join(root, 'alias.js'))
  // A link loop: realpath fails with ELOOP, an error that is not "not found".
  await symlink(join(root, 'loop-b.js'), join(root, 'loop-a.js'))
  await symlink(join(root, 'loop-a.js'), join(root, 'loop-b.js'))
})

const get = (url: string, method = 'GET') => createAppFileServer(root).handle({ method, url })

describe('createAppFileServer', () => {
  it('answers a file it cannot read with 500, the CSP and nosniff, and reports the error', async () => {
    const reported: { error: unknown; url: string }[] = []
    const server = createAppFileServer(root, {
      onError: (error, url) => reported.push({ error, url }),
    })
    for (const method of ['GET', 'HEAD']) {
      const response = await server.handle({ method, url: 'app://voicedesk/loop-a.js' })
      expect(response.status, method).toBe(500)
      expect(await response.text()).toBe(method === 'GET' ? 'could not read the file' : '')
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(false))
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
    const viaPath = await server.servePath('GET', '/loop-b.js')
    expect(viaPath.status).toBe(500)
    expect(viaPath.headers.get('x-content-type-options')).toBe('nosniff')
    expect(reported.map((r) => [r.url, (r.error as { code?: string }).code])).toEqual([
      ['app://voicedesk/loop-a.js', 'ELOOP'],
      ['app://voicedesk/loop-a.js', 'ELOOP'],
      ['/loop-b.js', 'ELOOP'],
    ])
  })

  it('serves a file of the renderer with its type, the release CSP and nosniff', async () => {
    const response = await get('app://voicedesk/assets/index.js')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('console.log(1)')
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(false))
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves index.html for the entry URL and the bare origin', async () => {
    for (const url of ['app://voicedesk/index.html', 'app://voicedesk/', 'app://voicedesk']) {
      const response = await get(url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await response.text()).toContain('<title>VoiceDesk</title>')
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await get('app://voicedesk/index.html', 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('39')
    expect(await response.text()).toBe('')
  })

  it('follows a link that stays inside the folder', async () => {
    const response = await get('app://voicedesk/alias.js')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('console.log(1)')
  })

  it.each([
    ['a symlinked file outside the folder', 'app://voicedesk/assets/leak.txt', 403],
    ['a symlinked folder outside the folder', 'app://voicedesk/up/secret.txt', 403],
    ['an encoded traversal', 'app://voicedesk/..%2fsecret.txt', 403],
    ['a sibling folder sharing the prefix', 'app://voicedesk/..%2frenderer-evil/x.js', 403],
    ['an encoded backslash', 'app://voicedesk/..%5csecret.txt', 400],
    ['a missing file', 'app://voicedesk/assets/missing.js', 404],
    ['a file below a file', 'app://voicedesk/index.html/x', 404],
    ['a folder', 'app://voicedesk/assets', 404],
    ['another host', 'app://elsewhere/index.html', 404],
  ])('refuses %s (%s) with %i, still with the security headers', async (_name, url, status) => {
    const response = await get(url)
    expect(response.status).toBe(status)
    expect(await response.text()).not.toContain('outside the renderer folder')
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy(false))
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves nothing but GET and HEAD', async () => {
    const response = await get('app://voicedesk/index.html', 'POST')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('applies the same checks to a path on the e2e http host', async () => {
    const server = createAppFileServer(root)
    expect((await server.servePath('GET', '/')).status).toBe(200)
    expect((await server.servePath('GET', '/assets/index.js')).status).toBe(200)
    expect((await server.servePath('GET', '/assets/leak.txt')).status).toBe(403)
    expect((await server.servePath('GET', '/..%2f..%2fsecret.txt')).status).toBe(403)
  })
})
