import { basename } from 'node:path'
import type { RenderEstimate, RenderProgress } from '../../shared/domain/narration'
import { spokenSecondsOf } from '../../shared/domain/narration'
import { isAacContainer } from '../../shared/domain/speech'
import type { NarrationRenderResult } from '../core/narration/render/render-options'

function characters(n: number): string {
  return `${n.toLocaleString('en')} ${n === 1 ? 'character' : 'characters'}`
}

/** "about 14 minutes of audio": a length at an audiobook reader's pace, for the estimate. */
function audioLength(chars: number): string {
  const seconds = spokenSecondsOf(chars)
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s of audio`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} min of audio`
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min of audio`
}

/**
 * What a render will use, in a creator's words: "about 12,300 characters · about 14 min of
 * audio · 1,100 characters already rendered, not paid again".
 */
export function estimateLine(estimate: RenderEstimate): string {
  return [
    estimate.billableCharacters === 0
      ? 'nothing new to pay for'
      : `about ${characters(estimate.billableCharacters)}`,
    audioLength(estimate.spokenCharacters),
    ...(estimate.cachedCharacters > 0
      ? [`${characters(estimate.cachedCharacters)} already rendered, not paid again`]
      : []),
  ].join(' · ')
}

/** A render's phase as a person reads it. */
const PHASE_WORDS: Record<RenderProgress['phase'], string> = {
  synthesizing: 'speaking',
  encoding: 'writing the file',
  checking: 'checking the file',
  done: 'done',
}

/** One progress line; a wait on a busy service is counted down against `now` (epoch ms). */
export function progressLine(p: RenderProgress, width: number, now = Date.now()): string {
  const ratio = p.piecesTotal === 0 ? 1 : p.piecesDone / p.piecesTotal
  const barWidth = Math.max(10, Math.min(30, width - 60))
  const filled = Math.round(ratio * barWidth)
  const eta =
    p.busyUntil !== null
      ? `  the service is busy, waiting ${Math.max(1, Math.round((p.busyUntil - now) / 1000))} s`
      : p.etaSeconds === null
        ? ''
        : `  about ${Math.ceil(p.etaSeconds)} s left`
  const where =
    p.blocksTotal === 0
      ? 'getting ready'
      : `block ${Math.min(p.blocksDone + 1, p.blocksTotal)} of ${p.blocksTotal}`
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${where}  ${p.audioSeconds.toFixed(1)} s of audio  ${characters(p.billableCharacters)}${eta}  ${PHASE_WORDS[p.phase]}`
}

/** A preset's verdict in the summary: one line when all pass, the failed criteria otherwise. */
function complianceLines(report: NarrationRenderResult['compliance']): string[] {
  if (report === null) return []
  const files = report.files.length
  const failed = report.files.filter((f) => !f.pass)
  return [
    failed.length === 0
      ? `${report.presetName}: all ${files} file${files === 1 ? '' : 's'} pass every check.`
      : `${report.presetName}: ${failed.length} of ${files} file${files === 1 ? '' : 's'} do not pass:`,
    ...failed.flatMap((f) =>
      f.criteria
        .filter((c) => !c.pass)
        .map((c) => `  ${basename(f.path)}: ${c.label} ${c.measured} (needs ${c.requirement})`),
    ),
    report.unsaved === undefined
      ? `Report: ${report.textPath} (and ${basename(report.jsonPath)})`
      : `The report could not be saved: ${report.unsaved}`,
  ]
}

/** The human summary of a finished render: files, characters used, pause rounding, loudness, checks. */
export function resultSummary(result: NarrationRenderResult): string {
  const loud = result.loudness
  return (
    [
      `Wrote ${result.outputPath} (${result.durationSeconds.toFixed(2)} s, ${result.format}, ${result.sampleRate} Hz)`,
      ...result.extraFiles.map((f) => `  ${f}`),
      result.subtitlesPath ? `Subtitles: ${result.subtitlesPath}` : '',
      `Used ${characters(result.billableCharacters)}${result.cachedCharacters > 0 ? `; ${characters(result.cachedCharacters)} already rendered, not paid again` : ''}`,
      result.pauseRounding
        ? `Pauses: ${result.pauseRounding.pauses} rounded to whole AAC frames of ${result.pauseRounding.frameMs.toFixed(2)} ms (at most ${result.pauseRounding.maxErrorMs.toFixed(1)} ms off each, ${result.pauseRounding.totalErrorMs.toFixed(1)} ms in all)`
        : '',
      isAacContainer(result.format)
        ? 'Loudness: not measured (AAC frames are joined as the service sent them)'
        : loud.measuredLufs === null
          ? 'Loudness: not measurable (too short or silent)'
          : `Loudness: measured ${loud.measuredLufs.toFixed(1)} LUFS, output ${loud.outputLufs?.toFixed(1)} LUFS (gain ${loud.gainDb.toFixed(1)} dB${loud.peakLimited ? ', limited by the peak' : ''})`,
      ...result.checks.map(
        (c) =>
          `Check block ${c.blockIndex + 1} (${c.blockId}): ${c.issues.map((i) => `${i.kind} "${i.word}"`).join(', ')}`,
      ),
      ...complianceLines(result.compliance),
    ]
      .filter((l) => l !== '')
      .join('\n') + '\n'
  )
}
