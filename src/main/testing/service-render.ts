import type { RenderJob } from '../core/narration/render/render-job'
import { startRender } from '../core/narration/render/render-job'
import type { RenderOptions } from '../core/narration/render/render-options'
import { upstreamSpeechSource } from '../core/narration/fetch/upstream-speech-source'
import type { UpstreamClient } from '../core/upstream/upstream-client'

/**
 * Test helper: starts a render whose pieces are spoken by the service behind `service.client`
 * (the sandbox in a test harness), with the rest of the options as given.
 */
export function startServiceRender(
  service: { client: UpstreamClient },
  options: Omit<RenderOptions, 'source'>,
): RenderJob {
  return startRender({ ...options, source: upstreamSpeechSource(service.client) })
}
