import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { PlaybackWord, RenderPlayback } from '../../../../../shared/domain/render-playback'
import { ErrorNotice } from '../../../components/error-notice'
import { fetchRenderWords } from '../api/render-playback-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { lineAround } from './transcript-line'

/** The words asked for at a time: a little before the position and a stretch after it. */
const WORDS_BEFORE_MS = 4_000
const WORDS_AFTER_MS = 30_000

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

/** The transcript strip: the line being heard, the word heard marked. */
export function TranscriptStrip(props: {
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
  const heard = words[current]
  const shown = lineAround(words, current)
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
