import { afterAll, beforeAll, expect } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../index.js'

/** Spoken turns in a test sandbox's conversation recordings. */
export const TEST_RECORDING_TURNS = 2

/** A started sandbox and small HTTP helpers bound to it, for tests. */
export interface TestSandbox {
  sandbox: Sandbox
  /** fetch against the base URL with the paid key unless `auth` says otherwise (null: no header). */
  call(
    path: string,
    init?: RequestInit & { auth?: string | null; json?: unknown },
  ): Promise<Response>
  /** POST /v1/audio/speech with the paid key; returns the response and its parsed JSON (when 200). */
  speech(
    body: Record<string, unknown>,
    auth?: string,
  ): Promise<{ response: Response; json: SpeechJson }>
}

/** One speech mark on the wire: a sentence, or (in `chunks`) one of its words. */
export interface SpeechMarkJson {
  type: string
  start: number
  end: number
  start_time: number
  end_time: number
  value: string
}

/** The speech endpoint's answer. */
export interface SpeechJson {
  audio_data: string
  audio_format: string
  billable_characters_count: number
  speech_marks: SpeechMarkJson & { chunks: SpeechMarkJson[] }
}

/**
 * Starts a sandbox for a test file: one synthesis thread (test files already run two at a time), no
 * warm-up, and two-turn recordings (a recording's turns are all synthesized on its first request).
 */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    synthThreads: 1,
    warmUp: false,
    recordingTurns: TEST_RECORDING_TURNS,
    ...options,
  })
  const call: TestSandbox['call'] = (path, init = {}) => {
    const { auth, json, headers, ...rest } = init
    const allHeaders = new Headers(headers)
    const credential = auth === undefined ? sandbox.keys.paid : auth
    if (credential !== null) allHeaders.set('Authorization', `Bearer ${credential}`)
    if (json !== undefined) allHeaders.set('Content-Type', 'application/json')
    return fetch(`${sandbox.baseUrl}${path}`, {
      ...rest,
      headers: allHeaders,
      ...(json !== undefined ? { body: JSON.stringify(json), method: rest.method ?? 'POST' } : {}),
    })
  }
  return {
    sandbox,
    call,
    speech: async (body, auth) => {
      const response = await call('/v1/audio/speech', { json: body, ...(auth ? { auth } : {}) })
      const json = response.ok ? ((await response.json()) as SpeechJson) : ({} as SpeechJson)
      return { response, json }
    },
  }
}

/**
 * Loads the speech engine and the MP3 encoder in the sandbox's synthesis thread with one short
 * request. For the beforeAll of a file whose tests synthesize: their first load (the engine's 24 MB
 * of voice data, several seconds on a loaded machine) then counts against the hook, not a test.
 */
export async function loadSpeechEngine(t: TestSandbox): Promise<void> {
  const { response } = await t.speech({ input: 'Ready.', voice_id: 'george', audio_format: 'mp3' })
  if (!response.ok)
    throw new Error(`The sandbox's speech engine did not load (HTTP ${response.status}).`)
}

/**
 * A test sandbox for the tests of one file, or of one describe() when called inside it: started
 * before the first test (with the speech engine loaded first when `loadEngine`), stopped after the
 * last. The handle returned is filled in by then; read it only inside tests and hooks.
 */
export function useTestSandbox(
  options: SandboxOptions = {},
  { loadEngine = false }: { loadEngine?: boolean } = {},
): TestSandbox {
  // Why an object filled in later: describe() bodies run before any hook, so the tests close over
  // this handle, and the sandbox behind it starts only when the tests are about to run.
  const handle = {} as TestSandbox
  beforeAll(async () => {
    Object.assign(handle, await startTestSandbox(options))
    if (loadEngine) await loadSpeechEngine(handle)
  })
  afterAll(() => handle.sandbox.stop())
  return handle
}

/** GETs `path` with the paid key, expects 200 (naming the path when it is not) and parses the JSON. */
export async function getJson<T>(t: TestSandbox, path: string): Promise<T> {
  const response = await t.call(path)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

/** Reads an error envelope. */
export async function errorOf(
  response: Response,
): Promise<{ code: string; message: string; fields?: Record<string, string>; requestId: string }> {
  const body = (await response.json()) as {
    error: { code: string; message: string; fields?: Record<string, string> }
    request_id: string
  }
  return { ...body.error, requestId: body.request_id }
}
