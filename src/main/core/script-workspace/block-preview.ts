import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type { EventOf } from '../../../shared/ipc/contract'
import { AppError, toAppErrorData } from '../../../shared/errors'
import { sliceMarks } from '../../../shared/domain/text-mark-edits'
import type { JobRegistry } from '../jobs/job-registry'
import type { UpstreamClient } from '../upstream/upstream-client'
import { planBlock } from './block-states'

/** What a preview sends to its window: MP3 chunks in order, then one end. */
export type PreviewEvent = EventOf<'script:previewAudio' | 'script:previewEnded'>

/** What a preview that ends on an unexpected error says. */
const PREVIEW_FAILED = { message: 'The preview failed unexpectedly. Try again.', retryable: true }

/**
 * The block (or the selected part of it) as the preview speaks it: SSML tags kept whole, the
 * selected words' marks with them.
 */
export function previewBlock(
  block: ScriptBlock,
  selection?: { start: number; end: number },
): ScriptBlock {
  if (selection === undefined || selection.end <= selection.start) return block
  const slice = block.text.slice(selection.start, selection.end)
  // A selection can cut through a tag: the selected words are spoken as plain text.
  return block.ssml
    ? { ...block, ssml: false, text: slice.replace(/<[^>]*>?/g, ' ').replace(/<|>/g, ' ') }
    : {
        ...block,
        text: slice,
        marks: sliceMarks(block.marks ?? [], selection.start, selection.end),
      }
}

/** The request inputs of a preview: the block's planned pieces (lexicon and SSML applied). */
export async function previewInputs(
  project: Project,
  blockId: string,
  selection?: { start: number; end: number },
): Promise<{
  inputs: string[]
  voiceId: string
  model: string | null
  language: string | null
  /** The emotions the spoken words' marks ask for (checked against the voice by the caller). */
  emotions: string[]
}> {
  const block = project.blocks.find((b) => b.id === blockId)
  if (block === undefined) throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
  const spoken = previewBlock(block, selection)
  const plan = await planBlock({ ...project, blocks: [spoken] }, blockId)
  if (plan === null) {
    throw new AppError(
      'VALIDATION_FAILED',
      'This block has no voice. Pick one beside the block, give its speaker a voice in the cast, or set a default voice.',
    )
  }
  const first = plan.pieces[0]
  if (first === undefined) {
    throw new AppError('VALIDATION_FAILED', 'There is nothing to say in this block yet.')
  }
  return {
    inputs: plan.pieces.map((p) => p.request.input),
    voiceId: first.request.voiceId,
    model: first.request.model,
    language: first.request.language,
    emotions: spoken.ssml
      ? []
      : [...new Set((spoken.marks ?? []).flatMap((m) => (m.kind === 'emotion' ? [m.value] : [])))],
  }
}

/**
 * Streams a preview as a job of the calling window: each piece of the block through the
 * streaming endpoint (MP3), chunks sent as they arrive so playback starts with the first audio,
 * then one end event (complete, failed or cancelled). Cancel with jobs:cancel.
 */
export function startPreview(options: {
  jobs: JobRegistry
  ownerId: number
  client: UpstreamClient
  inputs: readonly string[]
  voiceId: string
  model: string | null
  language: string | null
  emit: (event: PreviewEvent) => void
  /** Called with each input the service finished speaking (to count what it billed). */
  onSpoken?: (input: string) => void
}): { jobId: string } {
  const { client, emit } = options
  let jobId = ''
  let seq = 0
  let bytes = 0
  const ticket = options.jobs.start({
    kind: 'script-preview',
    ownerId: options.ownerId,
    run: async ({ signal }) => {
      for (const input of options.inputs) {
        await client.stream({
          input,
          voiceId: options.voiceId,
          codec: 'mp3',
          signal,
          // Someone is waiting to hear it: ahead of a running render's pieces.
          priority: 10,
          ...(options.model === null ? {} : { model: options.model }),
          ...(options.language === null ? {} : { language: options.language }),
          onChunk: (chunk) => {
            bytes += chunk.byteLength
            // Copied: the socket may reuse its buffer once this returns.
            emit({
              channel: 'script:previewAudio',
              payload: { jobId, seq: seq++, chunk: Uint8Array.from(chunk) },
            })
          },
        })
        options.onSpoken?.(input)
      }
    },
    onSettled: (outcome) =>
      emit({
        channel: 'script:previewEnded',
        payload: outcome.ok
          ? { jobId, ok: true, bytes }
          : { jobId, ok: false, error: toAppErrorData(outcome.error, PREVIEW_FAILED) },
      }),
  })
  jobId = ticket.id
  return { jobId }
}
