import { useEffect, useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import WaveSurfer from 'wavesurfer.js'
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js'
import type { PlaybackWord, RenderPlayback } from '../../../../../shared/domain/render-playback'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import { ErrorNotice } from '../../../components/error-notice'
import { fetchRenderWords, loadRenderAudio, useRenderPlayback } from '../api/render-playback-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import './render-player.css'
import { formatClock } from '../../../lib/format'

/** Compressed files longer than this are not decoded in the window for their waveform. */
const MAX_DECODED_SECONDS = 20 * 60
/** How far the arrow keys move, and with Shift. */
const STEP_SECONDS = 5
const BIG_STEP_SECONDS = 30
/** The two step buttons beside Play: back, then forward, by STEP_SECONDS. */
const STEPS = [
  { direction: 'Back', sign: -1 },
  { direction: 'Forward', sign: 1 },
] as const
/** The words asked for at a time: a little before the position and a stretch after it. */
const WORDS_BEFORE_MS = 4_000
const WORDS_AFTER_MS = 30_000

function spokenClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  const parts = [
    h > 0 ? `${h} hour${h === 1 ? '' : 's'}` : '',
    m > 0 ? `${m} minute${m === 1 ? '' : 's'}` : '',
    `${r} second${r === 1 ? '' : 's'}`,
  ]
  return parts.filter(Boolean).join(' ')
}

/**
 * The theme's colours for the canvas, which takes neither CSS variables nor light-dark(): each is
 * resolved to rgb() by letting an element of the page use it.
 */
function waveColours(element: HTMLElement): {
  waveColor: string
  progressColor: string
  cursorColor: string
} {
  const probe = document.createElement('span')
  element.append(probe)
  const resolve = (name: string): string => {
    probe.style.color = `var(${name})`
    return getComputedStyle(probe).color
  }
  const colours = {
    waveColor: resolve('--color-text-subtle'),
    progressColor: resolve('--color-accent'),
    cursorColor: resolve('--color-text'),
  }
  probe.remove()
  return colours
}

/**
 * wavesurfer lays out its shadow DOM with an inline <style>, which the page's policy (no inline
 * styles) refuses. The same rules are adopted as a constructed style sheet, which the policy
 * allows, rather than loosening the policy for every page of the app.
 */
function adoptWaveStyles(surfer: WaveSurfer): void {
  const root = surfer.getWrapper().getRootNode()
  if (!(root instanceof ShadowRoot)) return
  const sheets = [...root.querySelectorAll('style')].map((style) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(style.textContent)
    return sheet
  })
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets]
}

/** The chapter a time falls in (the last one started), or null. */
function chapterAt(chapters: RenderPlayback['chapters'], seconds: number): number | null {
  let found: number | null = null
  chapters.forEach((chapter, i) => {
    if (chapter.startSeconds <= seconds + 0.05) found = i
  })
  return found
}

/**
 * The words around the position, the one being heard marked: read from main a window at a time
 * (a book has too many words to hold), asked again when playback leaves the window.
 */
function useTimelineWords(docId: string, enabled: boolean, seconds: number) {
  const [held, setHeld] = useState<{ fromMs: number; toMs: number; words: PlaybackWord[] }>({
    fromMs: 0,
    toMs: -1,
    words: [],
  })
  const [error, setError] = useState<unknown>(null)
  const asking = useRef(false)
  const ms = seconds * 1000
  const inside = ms >= held.fromMs && ms < held.toMs - WORDS_BEFORE_MS
  useEffect(() => {
    // After a failure the strip says so and stops asking (the player itself keeps working).
    if (!enabled || inside || asking.current || error !== null) return
    asking.current = true
    const fromMs = Math.max(0, ms - WORDS_BEFORE_MS)
    const toMs = ms + WORDS_AFTER_MS
    fetchRenderWords(docId, fromMs, toMs)
      .then((words) => {
        setError(null)
        setHeld({ fromMs, toMs, words })
      })
      .catch(setError)
      .finally(() => {
        asking.current = false
      })
  }, [docId, enabled, inside, ms, error])
  return { words: held.words, error }
}

/** The transcript strip: the words around the one being heard, that one marked. */
function TranscriptStrip(props: {
  docId: string
  playback: RenderPlayback
  seconds: number
  onSeek: (seconds: number) => void
}): ReactElement {
  const { words, error } = useTimelineWords(props.docId, props.playback.hasWords, props.seconds)
  if (!props.playback.hasWords) {
    return (
      <p className="render-player__words field__hint" data-testid="player-words">
        This render has no word timings, so the words cannot follow the audio.
      </p>
    )
  }
  if (error !== null) return <ErrorNotice error={error} />
  const ms = props.seconds * 1000
  let current = words.findIndex((w) => w.startMs <= ms && ms < w.endMs)
  if (current < 0) current = Math.max(0, words.findIndex((w) => w.startMs > ms) - 1)
  // Few words before the heard one, so it stays in view in a narrow window.
  const shown = words.slice(Math.max(0, current - 3), current + 24)
  const heard = words[current]
  return (
    <>
      <p className="render-player__words" data-testid="player-words" aria-hidden="true">
        {shown.map((word) => (
          <span
            key={`${word.blockId}:${word.start}:${word.startMs}`}
            className="render-player__word"
            data-current={word === heard && ms >= word.startMs ? 'true' : undefined}
            onClick={() => props.onSeek(word.startMs / 1000)}
          >
            {word.text}{' '}
          </span>
        ))}
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={heard === undefined}
        title="Select the word being heard in the script"
        onClick={() => {
          if (heard !== undefined)
            useEditorUiStore.getState().revealBlock(heard.blockId, heard.start, heard.end)
        }}
      >
        Show in script
      </button>
    </>
  )
}

/**
 * The in-app player of a finished render: its waveform (peaks measured by main, or decoded here
 * for a short compressed file), chapter marks, the words as they are heard, and seeking by mouse
 * or keyboard (Space plays or pauses, the arrows move 5 s, with Shift 30 s, Home and End).
 */
export function RenderPlayer(props: { docId: string; finished: FinishedRender }): ReactElement {
  const { docId, finished } = props
  const playback = useRenderPlayback(docId, finished.finishedAt)
  const waveRef = useRef<HTMLDivElement>(null)
  const surferRef = useRef<WaveSurfer | null>(null)
  const [loaded, setLoaded] = useState(0)
  const [ready, setReady] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [error, setError] = useState<unknown>(null)
  const info = playback.data
  const duration = info?.durationSeconds ?? finished.result.durationSeconds

  useEffect(() => {
    const container = waveRef.current
    if (info === undefined || container === null) return
    const aborted = new AbortController()
    const regions = RegionsPlugin.create()
    const surfer = WaveSurfer.create({
      container,
      height: 48,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      normalize: true,
      dragToSeek: true,
      plugins: [regions],
      ...waveColours(container),
    })
    surferRef.current = surfer
    adoptWaveStyles(surfer)
    const offs = [
      surfer.on('ready', () => setReady(true)),
      surfer.on('play', () => setPlaying(true)),
      surfer.on('pause', () => setPlaying(false)),
      surfer.on('finish', () => setPlaying(false)),
      surfer.on('timeupdate', (time) => setSeconds(Math.round(time * 20) / 20)),
      surfer.on('error', (e) => setError(e)),
    ]
    // The theme can change while the player is open: the canvas takes the new colours.
    const themeWatch = new MutationObserver(() => surfer.setOptions(waveColours(container)))
    themeWatch.observe(document.documentElement, { attributes: true })
    const scheme = matchMedia('(prefers-color-scheme: dark)')
    const onScheme = (): void => surfer.setOptions(waveColours(container))
    scheme.addEventListener('change', onScheme)

    loadRenderAudio(docId, info, setLoaded, aborted.signal)
      .then(async (blob) => {
        if (aborted.signal.aborted) return
        // Without peaks from main (a compressed file), a short one is decoded here; a long one
        // gets a flat line rather than hundreds of megabytes of decoded samples.
        const peaks =
          info.peaks !== null
            ? [info.peaks]
            : info.durationSeconds > MAX_DECODED_SECONDS
              ? [new Array<number>(1000).fill(0.05)]
              : undefined
        await surfer.loadBlob(blob, peaks, info.durationSeconds)
        for (const chapter of info.chapters) {
          // Styled through the element (the shadow DOM is out of reach of the app's CSS), in
          // the theme's colours so the label reads in light and dark.
          const label = document.createElement('span')
          label.textContent = chapter.title
          Object.assign(label.style, {
            display: 'inline-block',
            padding: '0 4px',
            fontSize: '11px',
            color: 'var(--color-text)',
            background: 'var(--color-surface)',
            borderRadius: '3px',
            whiteSpace: 'nowrap',
          })
          regions.addRegion({
            start: chapter.startSeconds,
            content: label,
            color: 'var(--color-accent)',
            drag: false,
            resize: false,
          })
        }
      })
      .catch((e: unknown) => {
        if (!aborted.signal.aborted) setError(e)
      })
    return () => {
      aborted.abort()
      offs.forEach((off) => off())
      themeWatch.disconnect()
      scheme.removeEventListener('change', onScheme)
      surfer.destroy()
      surferRef.current = null
      setReady(false)
      setPlaying(false)
      setSeconds(0)
      setLoaded(0)
    }
  }, [docId, info])

  const seek = (to: number): void => {
    const surfer = surferRef.current
    if (surfer === null || !ready) return
    surfer.setTime(Math.max(0, Math.min(duration, to)))
    setSeconds(surfer.getCurrentTime())
  }
  const toggle = (): void => {
    if (ready) void surferRef.current?.playPause()
  }
  const onKeyDown = (event: KeyboardEvent): void => {
    const step = event.shiftKey ? BIG_STEP_SECONDS : STEP_SECONDS
    const moves: Record<string, () => void> = {
      ' ': toggle,
      ArrowLeft: () => seek(seconds - step),
      ArrowDown: () => seek(seconds - step),
      ArrowRight: () => seek(seconds + step),
      ArrowUp: () => seek(seconds + step),
      Home: () => seek(0),
      End: () => seek(duration),
    }
    const move = moves[event.key]
    if (move === undefined || event.ctrlKey || event.metaKey || event.altKey) return
    event.preventDefault()
    move()
  }

  const chapters = info?.chapters ?? []
  const chapter = chapterAt(chapters, seconds)
  const loading = !ready && error === null && playback.error === null
  return (
    <div
      className="render-player"
      role="group"
      aria-label={`Player: ${finished.outputName}`}
      data-testid="render-player"
      data-ready={ready ? 'true' : 'false'}
      data-position={seconds.toFixed(2)}
    >
      <div
        className="render-player__wave"
        role="slider"
        tabIndex={ready ? 0 : -1}
        aria-label="Position"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(seconds)}
        aria-valuetext={`${spokenClock(seconds)} of ${spokenClock(duration)}${
          chapter !== null && chapters[chapter] ? `, ${chapters[chapter].title}` : ''
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
              : `Loading ${Math.round(loaded * 100)} %…`}
          </p>
        )}
      </div>
      <div className="render-player__controls">
        <button
          type="button"
          className="button button--small button--primary render-player__play"
          disabled={!ready}
          onClick={toggle}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        {STEPS.map((step) => (
          <button
            key={step.direction}
            type="button"
            className="button button--small"
            disabled={!ready}
            aria-label={`${step.direction} ${STEP_SECONDS} seconds`}
            onClick={() => seek(seconds + step.sign * STEP_SECONDS)}
          >
            {step.sign < 0 ? '−' : '+'}
            {STEP_SECONDS} s
          </button>
        ))}
        <span className="render-player__time" data-testid="player-time">
          {formatClock(seconds)} / {formatClock(duration)}
        </span>
        {info !== undefined && ready ? (
          <TranscriptStrip docId={docId} playback={info} seconds={seconds} onSeek={seek} />
        ) : (
          <span className="render-player__words" />
        )}
        {chapters.length > 0 && (
          <label className="render-player__chapter">
            <span className="visually-hidden">Go to chapter</span>
            <select
              className="input render-player__select"
              disabled={!ready}
              value={chapter ?? 0}
              onChange={(e) => seek(chapters[Number(e.target.value)]?.startSeconds ?? 0)}
            >
              {chapters.map((c, i) => (
                <option key={`${i}:${c.title}`} value={i}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {(playback.error ?? error) !== null && (
        <ErrorNotice error={playback.error ?? error} testId="render-player-error" />
      )}
    </div>
  )
}
