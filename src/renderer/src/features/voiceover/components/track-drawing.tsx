import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import type { ReactElement, RefObject } from 'react'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import {
  TRACK_BLOCK_HEIGHT,
  TRACK_BLOCK_TOP,
  clockTime,
  rulerTicks,
  trackShapes,
} from '../hooks/track-shapes'

const HEIGHT = TRACK_BLOCK_TOP + TRACK_BLOCK_HEIGHT + 4

/**
 * Every line drawn once per change of the lines or of the width: one path per state, so the
 * playhead's ticks never redraw a thousand blocks (this component is memoized on its props).
 */
export const TrackDrawing = memo(function TrackDrawing(props: {
  lines: readonly VoiceoverLine[]
  spanMs: number
  width: number
  /** Where the video ends, labelled there: the ruler leaves its labels out around it. */
  videoEndMs: number | null
}): ReactElement {
  const { lines, spanMs, width, videoEndMs } = props
  const shapes = useMemo(() => trackShapes(lines, spanMs, width), [lines, spanMs, width])
  const ticks = useMemo(() => rulerTicks(spanMs, width), [spanMs, width])
  const endX = videoEndMs === null ? null : (videoEndMs / spanMs) * width
  const labelled = ticks.filter((ms) => {
    const x = (ms / spanMs) * width
    // Not at 0, under the playhead's resting place; none cut at the right edge, and none where
    // the end's label (about 70 px, left of its line) would run into it.
    return ms > 0 && x <= width - 28 && (endX === null || x < endX - 100 || x > endX + 8)
  })
  return (
    <>
      <svg className="vo-track__svg" width={width} height={HEIGHT} aria-hidden="true">
        <defs>
          <pattern
            id="vo-track-hatch"
            patternUnits="userSpaceOnUse"
            width="6"
            height="6"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" className="vo-track__hatch-back" />
            <rect width="3" height="6" className="vo-track__hatch-line" />
          </pattern>
        </defs>
        <rect
          className="vo-track__lane"
          x="0"
          y={TRACK_BLOCK_TOP - 2}
          width={width}
          height={TRACK_BLOCK_HEIGHT + 4}
          rx="3"
        />
        {ticks.map((ms) => {
          const x = Math.round((ms / spanMs) * width) + 0.5
          return <line key={ms} className="vo-track__tick" x1={x} x2={x} y1={9} y2={HEIGHT} />
        })}
        <path className="vo-track__late" d={shapes.late} data-testid="vo-track-late" />
        <path className="vo-track__spoken" d={shapes.spoken} data-testid="vo-track-spoken" />
        <path
          className="vo-track__estimated"
          d={shapes.estimated}
          data-testid="vo-track-estimated"
        />
        <path className="vo-track__over" d={shapes.over} data-testid="vo-track-over" />
      </svg>
      <div className="vo-track__ruler" aria-hidden="true">
        {labelled.map((ms) => (
          <span
            key={ms}
            className="vo-track__tick-label"
            style={{ left: `${(ms / spanMs) * width}px` }}
          >
            {clockTime(ms)}
          </span>
        ))}
      </div>
    </>
  )
})

/** The strip's width in pixels, followed as the window is resized. */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const el = ref.current
    if (el === null) return
    setWidth(el.clientWidth)
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}

/**
 * The playhead, moved without React: from the clock's last tick, and while playing, every frame
 * from the audio's own time (timeupdate alone steps it four times a second).
 */
export function usePlayhead(
  headRef: RefObject<HTMLDivElement | null>,
  audioRef: RefObject<HTMLAudioElement | null>,
  at: { ms: number; playing: boolean; spanMs: number; width: number },
): void {
  const { ms, playing, spanMs, width } = at
  useLayoutEffect(() => {
    const head = headRef.current
    if (head !== null)
      head.style.transform = `translateX(${(Math.min(ms, spanMs) / spanMs) * width}px)`
  }, [headRef, ms, spanMs, width])
  useEffect(() => {
    if (!playing) return
    let frame = 0
    const step = (): void => {
      const audio = audioRef.current
      const head = headRef.current
      if (audio !== null && head !== null) {
        const now = Math.min(audio.currentTime * 1000, spanMs)
        head.style.transform = `translateX(${(now / spanMs) * width}px)`
      }
      frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [audioRef, headRef, playing, spanMs, width])
}

/**
 * What is drawn over the lines: past the track's end shaded, the video's end marked, and the line
 * gone to outlined.
 */
export function TrackMarks(props: {
  endMs: number
  spanMs: number
  width: number
  hasVideo: boolean
  selected: VoiceoverLine | undefined
}): ReactElement {
  const { endMs, spanMs, width, selected } = props
  const pxOf = (ms: number): number => (ms / spanMs) * width
  return (
    <>
      {spanMs > endMs && (
        <div
          className="vo-track__past"
          style={{ left: `${pxOf(endMs)}px` }}
          title={props.hasVideo ? 'After the end of the video' : 'After the last cue'}
        />
      )}
      {props.hasVideo && (
        <div
          className="vo-track__end"
          style={{ left: `${pxOf(endMs)}px` }}
          data-testid="vo-track-end"
        >
          <span className="vo-track__end-label">Video ends</span>
        </div>
      )}
      {selected !== undefined && (
        <div
          className="vo-track__selected"
          data-testid="vo-track-selected"
          style={{
            left: `${pxOf(selected.placedMs) - 2}px`,
            width: `${Math.max(pxOf(selected.spokenMs), 2) + 4}px`,
          }}
        />
      )}
    </>
  )
}
