import { readFile, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { toDiskError, writeFileAtomic } from '../core/files/atomic-write'
import { openPieceCache } from '../core/narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../core/narration/fetch/upstream-speech-source'
import { countedSpeechSource } from '../core/usage/counted-speech-source'
import { DEFAULT_FIT_LIMITS } from '../core/voiceover/line-fit'
import type { TimedLine } from '../core/voiceover/subtitle-lines'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import type { Voice } from '../../shared/domain/voice'
import { VoicePaces } from '../core/voiceover/voice-pace'
import { runVoiceoverOffMain } from '../core/voiceover/voiceover-offload'
import type { VoiceoverSettings } from '../core/voiceover/voiceover-plan'
import { estimateVoiceover } from '../core/voiceover/voiceover-plan'
import { renderVoiceover } from '../core/voiceover/voiceover-render'
import {
  retimedSubtitles,
  voiceoverReportJson,
  voiceoverReportText,
} from '../core/voiceover/voiceover-report'
import { serviceOptions } from './command-usage'
import { defaultCacheDir } from './render-arguments'
import type { RenderCommandIo } from './render-command'
import type { VoiceoverArguments } from './voiceover-arguments'
import { readVoiceoverArguments } from './voiceover-arguments'
import { resolveVoice, voiceListOnce } from './voice-choice'

/**
 * `voicedesk voiceover`: reads and checks the subtitles (and the video) before anything is sent,
 * shows the cost, then speaks, fits and writes the track, and muxes it into the video.
 */
export async function runVoiceoverCommand(args: string[], io: RenderCommandIo): Promise<void> {
  const a = readVoiceoverArguments(args)
  let bytes: Uint8Array
  try {
    bytes = await readFile(a.subtitles)
  } catch (error) {
    throw toDiskError(error, a.subtitles)
  }
  const lines = await runVoiceoverOffMain({
    kind: 'parse',
    bytes,
    fileName: basename(a.subtitles),
    overlaps: a.overlaps,
  })
  const trackEndMs = a.video
    ? await runVoiceoverOffMain({ kind: 'videoDuration', path: a.video })
    : null
  if (a.video) {
    // Why before the service is asked anything: a picture or an audio track the output cannot
    // hold would otherwise be refused only after every line was paid for.
    await runVoiceoverOffMain({
      kind: 'checkMux',
      videoPath: a.video,
      outputPath: a.out,
      voiceFormat: a.audioFormat,
      originalAudio: a.originalAudio,
    })
  }
  // Why the client first: a voice given by its name ("George") becomes its id before the cost
  // is worked out, as the cache knows pieces by voice id. A dry run sends nothing and reads
  // nothing, so its voices stay as typed (as render's dry run does).
  const client = a.dryRun
    ? null
    : await io.createClient(serviceOptions(a.values, io.env, 'voiceover'))
  try {
    const voices = client === null ? a : await withNamedVoices(a, voiceListOnce(client, io.signal))
    await speakVoiceover(a, voices, lines, trackEndMs, client, io)
  } finally {
    client?.close()
  }
}

/** The voices of `--voice` and `--cast` as ids: names resolved as `render` does (resolveVoice). */
async function withNamedVoices(
  a: VoiceChoices,
  voiceList: () => Promise<Voice[] | null>,
): Promise<VoiceChoices> {
  if (a.voiceId === undefined && Object.keys(a.cast).length === 0) return a
  const voices = await voiceList()
  if (voices === null) return a
  const cast: Record<string, string> = {}
  for (const [speaker, given] of Object.entries(a.cast)) {
    cast[speaker] = resolveVoice(given, voices, { withId: (id) => `--cast "${speaker}=${id}"` })
  }
  const voiceId =
    a.voiceId === undefined
      ? undefined
      : resolveVoice(a.voiceId, voices, { withId: (id) => `--voice ${id}` })
  return { voiceId, cast }
}

type VoiceChoices = Pick<VoiceoverArguments, 'voiceId' | 'cast'>

/** Prices the voice-over; unless a dry run, speaks, fits and writes it (and the video). */
async function speakVoiceover(
  a: VoiceoverArguments,
  voices: VoiceChoices,
  lines: TimedLine[],
  trackEndMs: number | null,
  client: UpstreamClient | null,
  io: RenderCommandIo,
): Promise<void> {
  const settings: VoiceoverSettings = {
    title: basename(a.subtitles),
    ...(voices.voiceId ? { voiceId: voices.voiceId } : {}),
    cast: voices.cast,
    fit: a.fit,
    slotEnd: a.slotEnd,
    limits: { ...DEFAULT_FIT_LIMITS, maxRate: a.maxRate, maxStretch: a.maxStretch },
    defaults: a.defaults,
  }
  const cacheDir =
    typeof a.values['cache-dir'] === 'string' ? a.values['cache-dir'] : defaultCacheDir(io.env)
  const cache = await openPieceCache(cacheDir)
  const paces = await VoicePaces.open(join(cacheDir, 'voice-paces.json'))
  const endMs = trackEndMs ?? Math.max(0, ...lines.map((l) => l.endMs))
  const estimate = estimateVoiceover(lines, settings, paces, endMs, cache)
  const cost = `${estimate.lines} lines, ${estimate.cachedLines} cached: ${estimate.requests} requests, ${estimate.billableCharacters} billable characters${estimate.possibleRepeats > 0 ? `; up to ${estimate.possibleRepeats} more requests (${estimate.billableWithRepeats} billable characters in all) if a faster pace must be asked again` : ''}.`
  if (client === null) {
    io.out(a.json ? `${JSON.stringify(estimate)}\n` : `${cost}\n`)
    return
  }
  io.err(`Speaking ${cost}\n`)
  const result = await renderVoiceover({
    lines,
    settings,
    outputPath: a.audioPath,
    // Under the subtitles' file name, as the app's Voice-over records its renders.
    source: countedSpeechSource(upstreamSpeechSource(client), io.usage, basename(a.subtitles)),
    cache,
    paces,
    trackEndMs,
    signal: io.signal,
    onProgress: (stage, done, total) => {
      if (stage === 'speaking' && done % 25 !== 0 && done !== total) return
      if (stage === 'fitting' && done % 100 !== 0 && done !== total) return
      io.err(`${stage} ${done}/${total}\n`)
    },
  })
  if (a.video) {
    io.err('Writing the video (the picture is copied as it is)\n')
    await runVoiceoverOffMain({
      kind: 'mux',
      videoPath: a.video,
      audioPath: a.audioPath,
      outputPath: a.out,
      originalAudio: a.originalAudio,
    })
    await rm(a.audioPath, { force: true })
  }
  const summary = { ...result, outputPath: a.out }
  if (a.report) {
    await writeFileAtomic(a.report, voiceoverReportJson(summary))
    await writeFileAtomic(a.report.replace(/\.json$/i, '') + '.txt', voiceoverReportText(summary))
  }
  if (a.subtitlesOut) {
    const kind = a.subtitlesOut.toLowerCase().endsWith('.vtt') ? 'vtt' : 'srt'
    await writeFileAtomic(a.subtitlesOut, retimedSubtitles(lines, result.lines, kind))
  }
  io.out(a.json ? voiceoverReportJson(summary) : voiceoverReportText(summary))
}
