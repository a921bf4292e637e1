import type { KeyboardEvent, PointerEvent, RefObject } from 'react'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { TRACK_BLOCK_HEIGHT, TRACK_BLOCK_TOP, lineAtTime, lineNear } from './track-shapes'

const SEEK_KEYS: Record<string, (ms: number, end: number) => number> = {
  ArrowLeft: (ms) => ms - 1000,
  ArrowDown: (ms) => ms - 1000,
  ArrowRight: (ms) => ms + 1000,
  ArrowUp: (ms) => ms + 1000,
  PageDown: (ms) => ms - 10_000,
  PageUp: (ms) => ms + 10_000,
  Home: () => 0,
  End: (_ms, end) => end,
}

/**
 * The track's pointer and keys: a press on a block goes to its line (and its time), elsewhere it
 * seeks and drags; arrows, Page Up/Down, Home and End seek; Enter goes to the line at the time.
 */
export function useTrackInput(args: {
  stripRef: RefObject<HTMLDivElement | null>
  lines: readonly VoiceoverLine[]
  atMs: number
  endMs: number
  spanMs: number
  seek: (ms: number) => void
  onGoToLine: (cue: number) => void
}) {
  const { stripRef, lines, atMs, endMs, spanMs, onGoToLine } = args
  const seek = (ms: number): void => args.seek(Math.max(0, Math.min(endMs, ms)))
  const msAt = (clientX: number): number => {
    const box = stripRef.current?.getBoundingClientRect()
    if (!box || box.width === 0) return 0
    return Math.round(((clientX - box.left) / box.width) * spanMs)
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return
    const box = event.currentTarget.getBoundingClientRect()
    const ms = msAt(event.clientX)
    const y = event.clientY - box.top
    const onBlocks = y >= TRACK_BLOCK_TOP - 2 && y <= TRACK_BLOCK_TOP + TRACK_BLOCK_HEIGHT + 2
    // Three pixels either side: a line a pixel wide (a long voice-over) can still be hit.
    const slack = (3 / Math.max(box.width, 1)) * spanMs
    const line = onBlocks ? lineAtTime(lines, ms, slack) : null
    if (line !== null) {
      event.preventDefault()
      seek(line.placedMs)
      onGoToLine(line.cue)
      return
    }
    seek(ms)
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>): void => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) seek(msAt(event.clientX))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Enter') {
      const line = lineNear(lines, atMs)
      if (line !== null) {
        event.preventDefault()
        onGoToLine(line.cue)
      }
      return
    }
    const move = SEEK_KEYS[event.key]
    if (move === undefined) return
    event.preventDefault()
    const factor = event.shiftKey && event.key.startsWith('Arrow') ? 5 : 1
    seek(atMs + (move(atMs, endMs) - atMs) * factor)
  }
  return { onPointerDown, onPointerMove, onKeyDown }
}
