import fs from 'node:fs'
import { isAbsolute, relative } from 'node:path'
import type { AppPathResolution } from './app-protocol'
import { resolveAppPath, resolveAppUrl, securityHeaders } from './app-protocol'

/** Serves the built renderer folder as Fetch API responses, with the app's security headers. */
export interface AppFileServer {
  /** One `app://voicedesk/...` request, as protocol.handle passes it. */
  handle(request: { method: string; url: string }): Promise<Response>
  /** One request path on another origin (the e2e http host): same checks, same headers. */
  servePath(method: string, pathname: string): Promise<Response>
}

function isInside(root: string, path: string): boolean {
  const inside = relative(root, path)
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined
}

/**
 * Creates the server for `root` (the built renderer folder). GET and HEAD only; the path is checked
 * by {@link resolveAppPath}, then symlinks are resolved and the real file must still lie inside the
 * real folder. Missing files are 404; a file that cannot be read is 500 (reported to `onError`),
 * never a rejected promise. Every answer, refusals and errors included, carries the strict CSP
 * and nosniff. Why `fs.promises` looked up at call time: Electron patches it so files inside the asar
 * archive can be read, and a binding taken at import could predate the patch.
 */
export function createAppFileServer(
  root: string,
  options: { onError?: (error: unknown, url: string) => void } = {},
): AppFileServer {
  let realRoot: Promise<string> | null = null
  const rootReal = (): Promise<string> => {
    realRoot ??= fs.promises.realpath(root).catch((error: unknown) => {
      realRoot = null
      throw error
    })
    return realRoot
  }

  const answer = (status: number, reason: string, head: boolean): Response =>
    new Response(head ? null : reason, {
      status,
      headers: { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' },
    })

  const serve = async (method: string, resolution: AppPathResolution): Promise<Response> => {
    const head = method === 'HEAD'
    if (method !== 'GET' && !head) {
      const refused = answer(405, 'method not allowed', false)
      refused.headers.set('Allow', 'GET, HEAD')
      return refused
    }
    if (!resolution.ok) return answer(resolution.status, resolution.reason, head)
    let real: string
    try {
      real = await fs.promises.realpath(resolution.path)
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
        return answer(404, 'not found', head)
      }
      throw error
    }
    // Why the real paths: a symlink inside the folder must not serve a file outside it. The file
    // read is the resolved one, not the link.
    if (!isInside(await rootReal(), real))
      return answer(403, 'path leaves the renderer folder', head)
    const info = await fs.promises.stat(real)
    if (!info.isFile()) return answer(404, 'not found', head)
    const headers = {
      ...securityHeaders(),
      'Content-Type': resolution.contentType,
      'Content-Length': String(info.size),
    }
    if (head) return new Response(null, { status: 200, headers })
    const body = new Uint8Array(await fs.promises.readFile(real))
    return new Response(body, { status: 200, headers })
  }

  // Why here and not in each caller: a failed read is answered like every other refusal, with
  // the CSP and nosniff, so no answer of the scheme ever goes out without them.
  const serveSafely = async (
    method: string,
    url: string,
    resolution: AppPathResolution,
  ): Promise<Response> => {
    try {
      return await serve(method, resolution)
    } catch (error) {
      options.onError?.(error, url)
      return answer(500, 'could not read the file', method === 'HEAD')
    }
  }

  return {
    handle: (request) => serveSafely(request.method, request.url, resolveAppUrl(request.url, root)),
    servePath: (method, pathname) => serveSafely(method, pathname, resolveAppPath(pathname, root)),
  }
}
