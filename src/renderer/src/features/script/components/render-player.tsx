import { useRef } from 'react'
import type { KeyboardEvent, ReactElement, ReactNode } from 'react'
import type { RenderPlayback } from '../../../../../shared/domain/render-playback'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import { ErrorNotice } from '../../../components/error-notice'
import { useRenderPlayback } from '../api/render-playback-api'
import { useWaveSurfer } from '../hooks/use-wave-surfer'
import type { WavePlayer } from '../hooks/use-wave-surfer'
import { chapterAt, playerKeyMove, spokenClock, STEP_SECONDS } from './player-position'
import { TranscriptStrip } from './transcript-strip'
import './render-player.css'
import { formatClock } from '../../../lib/format'

/** The two step buttons beside Play: back, then forward, by STEP_SECONDS. */
const STEPS = [
  { direction: 'Back', sign: -1 },
  { direction: 'Forward', sign: 1 },
] as const

/** The chapter picker: shows the chapter being heard and goes to the one chosen. */
function ChapterSelect(props: {
  chapters: RenderPlayback['chapters']
  chapter: number | null
  wave: WavePlayer
}): ReactElement {
  const { chapters, wave } = props
  return (
    <label className="render-player__chapter">
      <span className="visually-hidden">Go to chapter</span>
      <select
        className="input render-player__select"
        disabled={!wave.ready}
        value={props.chapter ?? 0}
        onChange={(e) => wave.seek(chapters[Number(e.target.value)]?.startSeconds ?? 0)}
      >
        {chapters.map((c, i) => (
          <option key={`${i}:${c.title}`} value={i}>
            {c.title}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The player's one row: Play, the steps, the waveform, the time and the chapters. */
function PlayerControls(props: {
  info: RenderPlayback | undefined
  duration: number
  chapter: number | null
  wave: WavePlayer
  children: ReactNode
}): ReactElement {
  const { info, wave } = props
  const chapters = info?.chapters ?? []
  return (
    <div className="render-player__controls">
      <button
        type="button"
        className="button button--small button--primary render-player__play"
        disabled={!wave.ready}
        onClick={wave.toggle}
      >
        {wave.playing ? 'Pause' : 'Play'}
      </button>
      {STEPS.map((step) => (
        <button
          key={step.direction}
          type="button"
          className="button button--small"
          disabled={!wave.ready}
          aria-label={`${step.direction} ${STEP_SECONDS} seconds`}
          onClick={() => wave.seek(wave.seconds + step.sign * STEP_SECONDS)}
        >
          {step.sign < 0 ? '−' : '+'}
          {STEP_SECONDS} s
        </button>
      ))}
      {props.children}
      <span className="render-player__time" data-testid="player-time">
        {/* The length rounds as the summary's "is ready: 26:40 long" does, so the two agree. */}
        {formatClock(wave.seconds)} / {formatClock(props.duration, Math.round)}
      </span>
      {chapters.length > 0 && (
        <ChapterSelect chapters={chapters} chapter={props.chapter} wave={wave} />
      )}
    </div>
  )
}

/**
 * The in-app player of a finished render, in two lines so the script keeps the window: the
 * summary's `title` and `actions` with the words as they are heard between them, then Play, the
 * waveform (peaks measured by main, or decoded here for a short compressed file) with its chapter
 * marks, and the time. Seeks by mouse or keyboard (Space plays or pauses, the arrows move 5 s,
 * with Shift 30 s, Home and End).
 */
export function RenderPlayer(props: {
  docId: string
  finished: FinishedRender
  title: ReactNode
  actions: ReactNode
}): ReactElement {
  const { docId, finished } = props
  const playback = useRenderPlayback(docId, finished.finishedAt)
  const waveRef = useRef<HTMLDivElement>(null)
  const info = playback.data
  const duration = info?.durationSeconds ?? finished.result.durationSeconds
  const wave = useWaveSurfer(waveRef, docId, info, duration)
  const { ready, seconds } = wave

  const onKeyDown = (event: KeyboardEvent): void => {
    const move = playerKeyMove(event, seconds, duration)
    if (move === null) return
    event.preventDefault()
    if (move.kind === 'toggle') wave.toggle()
    else wave.seek(move.to)
  }

  const chapters = info?.chapters ?? []
  const chapter = chapterAt(chapters, seconds)
  const chapterTitle = chapter !== null ? chapters[chapter]?.title : undefined
  const loading = !ready && wave.error === null && playback.error === null
  return (
    <div
      className="render-player"
      role="group"
      aria-label={`Player: ${finished.outputName}`}
      data-testid="render-player"
      data-ready={ready ? 'true' : 'false'}
      data-position={seconds.toFixed(2)}
    >
      <div className="render-player__head">
        {props.title}
        {info !== undefined && ready ? (
          <TranscriptStrip docId={docId} playback={info} seconds={seconds} onSeek={wave.seek} />
        ) : (
          <span className="render-player__words" />
        )}
        {props.actions}
      </div>
      <PlayerControls info={info} duration={duration} chapter={chapter} wave={wave}>
        <div
          className="render-player__wave"
          role="slider"
          tabIndex={ready ? 0 : -1}
          aria-label="Position"
          aria-valuemin={0}
          aria-valuemax={Math.round(duration)}
          aria-valuenow={Math.round(seconds)}
          aria-valuetext={`${spokenClock(seconds)} of ${spokenClock(Math.round(duration))}${
            chapterTitle !== undefined ? `, ${chapterTitle}` : ''
          }`}
          aria-disabled={!ready}
          aria-keyshortcuts="Space ArrowLeft ArrowRight Home End"
          title="Space plays or pauses; the arrow keys move 5 seconds (with Shift, 30)"
          onKeyDown={onKeyDown}
        >
          <div ref={waveRef} className="render-player__canvas" />
          {loading && (
            <p className="render-player__loading field__hint" role="status">
              {playback.isPending
                ? 'Reading the waveform…'
                : `Loading ${Math.round(wave.loaded * 100)} %…`}
            </p>
          )}
          {ready && wave.measured !== null && wave.measured < 1 && (
            <p className="render-player__measuring field__hint" role="status">
              Measuring the waveform {Math.round(wave.measured * 100)} %…
            </p>
          )}
        </div>
      </PlayerControls>
      {(playback.error ?? wave.error) !== null && (
        <ErrorNotice error={playback.error ?? wave.error} testId="render-player-error" />
      )}
    </div>
  )
}
