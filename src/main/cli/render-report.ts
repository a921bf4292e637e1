import { basename } from 'node:path'
import type { RenderProgress } from '../../shared/domain/narration'
import { isAacContainer } from '../../shared/domain/speech'
import type { NarrationRenderResult } from '../core/narration/render/render-options'

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
        : `  ETA ${Math.ceil(p.etaSeconds)} s`
  return `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${p.piecesDone}/${p.piecesTotal} pieces  ${p.audioSeconds.toFixed(1)} s audio  ${p.billableCharacters} chars${eta}  ${p.phase}`
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

/** The human summary of a finished render: files, requests, pause rounding, loudness, checks. */
export function resultSummary(result: NarrationRenderResult): string {
  const loud = result.loudness
  return (
    [
      `Wrote ${result.outputPath} (${result.durationSeconds.toFixed(2)} s, ${result.format}, ${result.sampleRate} Hz)`,
      ...result.extraFiles.map((f) => `  ${f}`),
      result.subtitlesPath ? `Subtitles: ${result.subtitlesPath}` : '',
      `Requests: ${result.requests}, cached pieces: ${result.cachedPieces}, billable characters: ${result.billableCharacters}`,
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
