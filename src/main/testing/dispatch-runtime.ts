import { onTestFinished } from 'vitest'
import type { RenderSettings } from '../../shared/domain/script-workspace'
import type { Result } from '../../shared/errors'
import type { Emit } from '../ipc/dispatch'
import { APP_SENDER, createTestRuntime } from '../test-support'
import type { PlatformRecorder } from './test-platform'
import { createTestPlatform } from './test-platform'

/** An event main sent to the window. */
export interface SentEvent {
  channel: string
  payload: unknown
}

/**
 * A runtime signed in to `sandbox` with the paid key (or to nothing, for what needs no service),
 * called through the real dispatcher as the app's window; dialogs nobody answered are cancelled.
 * Cleaned up when the test finishes.
 * With `restartOf`, it runs on an earlier runtime's data, as the app does after a restart.
 */
export async function dispatchRuntime(
  sandbox: { baseUrl: string; keys: { paid: string } } | undefined,
  /** Another run of the app on the same data (its cache, settings): a restart. */
  restartOf?: { userDataDir: string },
): Promise<{
  call: (channel: string, input: unknown) => Promise<Result<unknown>>
  recorder: PlatformRecorder
  sent: SentEvent[]
  userDataDir: string
}> {
  const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const env = await createTestRuntime({
    platform: ports,
    ...(sandbox ? { sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid } } : {}),
    ...(restartOf ? { userDataDir: restartOf.userDataDir } : {}),
  })
  onTestFinished(env.cleanup)
  const sent: SentEvent[] = []
  const emit: Emit = (channel, payload) => void sent.push({ channel, payload })
  const call = (channel: string, input: unknown): Promise<Result<unknown>> =>
    env.runtime.dispatch(channel, input, APP_SENDER, emit)
  return { call, recorder, sent, userDataDir: env.userDataDir }
}

/** A call's data, or a thrown error naming its code and message. */
export function dataOf<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.data as T
}

/** A render as the service delivers it: one WAV at 24 kHz, no subtitles, no loudness change. */
export const PLAIN_WAV: RenderSettings = {
  format: 'wav',
  sampleRate: 24_000,
  split: 'none',
  subtitles: 'none',
  loudness: { mode: 'service' },
}
