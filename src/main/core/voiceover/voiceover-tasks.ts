import { readFile, stat } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import { SILENT_LEVEL, bytesToSamples, samplesToBytes } from '../narration/pcm/pcm-edges'
import { toDiskError } from '../files/atomic-write'
import type { VoiceoverProjectFile } from './voiceover-project-file'
import { MAX_VOICEOVER_PROJECT_BYTES, parseProjectFile } from './voiceover-project-file'
import type { OverlapChoice } from './subtitle-check'
import { linesOrOverlaps, linesOrRefuse } from './subtitle-check'
import type { TimedLine } from './subtitle-lines'
import { parseSubtitleFile } from './subtitle-parse'
import { stretchSpeech } from './time-stretch'
import type { OriginalAudio } from './video-mux'
import { checkVoiceoverMux, muxVoiceover, videoDurationMs } from './video-mux'

/** Silence kept before and after a line's speech when its edges are trimmed: 2 ms. */
export const EDGE_KEEP_SAMPLES = 48

/** Work the voice-over hands to its thread: CPU-bound, so never on main's event loop. */
export type VoiceoverTask =
  | { kind: 'parse'; bytes: Uint8Array; fileName: string; overlaps: OverlapChoice }
  | { kind: 'parseOrAsk'; bytes: Uint8Array; fileName: string }
  | { kind: 'measure'; paths: string[] }
  | { kind: 'fit'; paths: string[]; from: number; to: number; tempo: number }
  | { kind: 'videoDuration'; path: string }
  | { kind: 'readProject'; path: string; fileName: string }
  | {
      kind: 'checkMux'
      videoPath: string
      outputPath: string
      voiceFormat: 'mp3' | 'ogg' | 'wav'
      originalAudio: OriginalAudio
    }
  | {
      kind: 'mux'
      videoPath: string
      audioPath: string
      outputPath: string
      originalAudio: OriginalAudio
    }

/** What each task gives back. */
export type VoiceoverTaskResult<T extends VoiceoverTask> = T extends { kind: 'parse' }
  ? TimedLine[]
  : T extends { kind: 'parseOrAsk' }
    ? ReturnType<typeof linesOrOverlaps>
    : T extends { kind: 'measure' }
      ? SpeechSpan
      : T extends { kind: 'fit' }
        ? Uint8Array
        : T extends { kind: 'videoDuration' }
          ? number
          : T extends { kind: 'readProject' }
            ? VoiceoverProjectFile
            : undefined

/** Where a line's speech is within its audio (the silence the service adds around it left out). */
export interface SpeechSpan {
  samples: number
  from: number
  to: number
}

async function lineSamples(paths: readonly string[]): Promise<Int16Array> {
  const parts: Uint8Array[] = []
  for (const path of paths) {
    try {
      parts.push(await readFile(path))
    } catch (error) {
      throw toDiskError(error, path)
    }
  }
  return bytesToSamples(Buffer.concat(parts))
}

/** The first and last audible samples of a line, with a little silence kept around them. */
export function speechSpan(samples: Int16Array): SpeechSpan {
  let first = 0
  while (first < samples.length && Math.abs(samples[first] ?? 0) <= SILENT_LEVEL) first += 1
  let last = samples.length
  while (last > first && Math.abs(samples[last - 1] ?? 0) <= SILENT_LEVEL) last -= 1
  if (first >= last) return { samples: samples.length, from: 0, to: 0 }
  return {
    samples: samples.length,
    from: Math.max(0, first - EDGE_KEEP_SAMPLES),
    to: Math.min(samples.length, last + EDGE_KEEP_SAMPLES),
  }
}

/** A saved project file read and checked (a large one is JSON work main should not do). */
async function readProjectFile(path: string, fileName: string): Promise<VoiceoverProjectFile> {
  try {
    const { size } = await stat(path)
    if (size > MAX_VOICEOVER_PROJECT_BYTES) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${fileName} is too large to be a voice-over project (more than 20 MB). Open its subtitles instead.`,
      )
    }
    return parseProjectFile(await readFile(path, 'utf8'), fileName)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw toDiskError(error, path)
  }
}

/** Runs one task where it is called (the thread, or main when no thread can start). */
export async function runVoiceoverTask(task: VoiceoverTask): Promise<unknown> {
  switch (task.kind) {
    case 'parse':
      return linesOrRefuse(parseSubtitleFile(task.bytes, task.fileName), task.overlaps)
    case 'parseOrAsk':
      return linesOrOverlaps(parseSubtitleFile(task.bytes, task.fileName))
    case 'measure':
      return speechSpan(await lineSamples(task.paths))
    case 'fit': {
      const speech = (await lineSamples(task.paths)).subarray(task.from, task.to)
      return samplesToBytes(stretchSpeech(speech, task.tempo))
    }
    case 'videoDuration':
      return videoDurationMs(task.path)
    case 'readProject':
      return readProjectFile(task.path, task.fileName)
    case 'checkMux':
      return checkVoiceoverMux(task)
    case 'mux':
      return muxVoiceover(task)
  }
}
