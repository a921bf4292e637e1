import { createHash } from 'node:crypto'
import type { LoudnessReport } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { renderPcmFormats } from '../narration/assemble/pcm-render'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { ReadyPiece } from '../narration/fetch/piece-fetcher'
import type { PlannedBlock, PlannedPiece, RenderPlan } from '../narration/plan/render-plan'
import type { PlacedLine } from './line-fit'
import { msToSamples, samplesToMs } from './line-fit'
import type { Spoken } from './voiceover-speak'
import { runVoiceoverOffMain } from './voiceover-offload'

/** Where the track goes and who hears of its progress. */
export interface TrackTarget {
  outputPath: string
  cache: PieceCache
  onProgress?: (stage: 'fitting' | 'writing', done: number, total: number) => void
}

/** The fitted lines and the silence between them as a plan the engine's writer walks. */
function timedPlan(
  placed: readonly PlacedLine[],
  spoken: readonly (Spoken | undefined)[],
  project: Project,
  trackEndSamples: number,
): { plan: RenderPlan; ready: ReadyPiece[] } {
  const blocks: PlannedBlock[] = []
  const pieces: PlannedPiece[] = []
  const ready: ReadyPiece[] = []
  const first = placed[0]?.placedSample ?? trackEndSamples
  blocks.push({
    index: 0,
    id: 'lead-in',
    text: '',
    chapter: null,
    pauseAfterMs: samplesToMs(first),
    pieceIndexes: [],
  })
  placed.forEach((line, i) => {
    const s = spoken[i]
    const end = line.placedSample + line.finalSamples
    const nextStart = placed[i + 1]?.placedSample ?? Math.max(trackEndSamples, end)
    const hash = createHash('sha256')
      .update(JSON.stringify([s?.hashes ?? [], s?.span.from, s?.span.to, line.tempo]))
      .digest('hex')
    const hasAudio = line.finalSamples > 0 && s !== undefined
    if (hasAudio) {
      pieces.push({
        index: pieces.length,
        blockIndex: i + 1,
        request: {
          input: '',
          voiceId: '',
          model: null,
          language: null,
          textNormalization: false,
          loudnessNormalization: false,
          format: 'pcm',
        },
        hash,
        spans: [],
        billableCharacters: 0,
      })
      ready.push({
        hash,
        audioPath: s.paths[0] ?? '',
        bytes: line.finalSamples * 2,
        speechMarks: { sentence: null, words: [] },
        loudness: null,
        trusted: true,
      })
    }
    blocks.push({
      index: i + 1,
      id: project.blocks[i]?.id ?? `line-${i}`,
      text: project.blocks[i]?.text ?? '',
      chapter: null,
      pauseAfterMs: samplesToMs(nextStart - end),
      pieceIndexes: hasAudio ? [pieces.length - 1] : [],
    })
  })
  const planHash = createHash('sha256')
    .update(
      JSON.stringify(
        blocks.map((b) => [b.pauseAfterMs, b.pieceIndexes.map((p) => pieces[p]?.hash)]),
      ),
    )
    .digest('hex')
  return { plan: { engineFormat: 'pcm', blocks, pieces, planHash }, ready }
}

/** Writes the track through the engine's PCM writer, each line fitted off main as it is reached. */
export async function writeTrack(
  project: Project,
  placed: readonly PlacedLine[],
  spoken: readonly (Spoken | undefined)[],
  trackEndMs: number,
  options: TrackTarget,
  signal: AbortSignal,
): Promise<{ samples: number; loudness: LoudnessReport }> {
  const { plan, ready } = timedPlan(placed, spoken, project, msToSamples(trackEndMs))
  const lineOf = (pieceIndex: number): number => (plan.pieces[pieceIndex]?.blockIndex ?? 1) - 1
  let fitted = 0
  const result = await renderPcmFormats({
    project,
    plan,
    outputPath: options.outputPath,
    split: null,
    cache: options.cache,
    ready: (i) => {
      const piece = ready[i]
      return piece ? Promise.resolve(piece) : Promise.reject(missingLine())
    },
    allFetched: Promise.resolve(),
    readAudio: async (i) => {
      const line = lineOf(i)
      const s = spoken[line]
      const p = placed[line]
      if (!s || !p) throw missingLine()
      const bytes = await runVoiceoverOffMain({
        kind: 'fit',
        paths: s.paths,
        from: s.span.from,
        to: s.span.to,
        tempo: p.tempo,
      })
      fitted += 1
      options.onProgress?.('fitting', fitted, plan.pieces.length)
      return bytes
    },
    // The statistics of a fitted line belong to no cached piece: nothing to store.
    onMeasured: () => undefined,
    onAudio: () => undefined,
    onEncoding: () => options.onProgress?.('writing', 1, 1),
    tags: null,
    signal,
  })
  return { samples: result.samples, loudness: result.loudness }
}

function missingLine(): AppError {
  return new AppError('INTERNAL', 'A voice-over line went missing while writing. Run it again.')
}
