import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { RefObject } from 'react'
import type { TimedBlockWord } from '../../../../../shared/domain/script-workspace'
import { AppError } from '../../../../../shared/errors'
import { BytesPlayer } from '../../../lib/audio/bytes-player'
import { StreamPlayer } from '../../../lib/audio/stream-player'
import { describeError } from '../../../lib/error-messages'
import {
  auditionLexiconEntry,
  followPreviews,
  previewBlock,
  renderedBlockAudio,
  stopStream,
} from '../api/script-audio-api'

/** Rendered audio of a block being played, with its words for highlighting. */
export interface ReadingState {
  blockId: string
  words: TimedBlockWord[]
}

/** The word being spoken at `ms`: the last one that started by then (-1 before the first). */
export function wordIndexAt(words: readonly TimedBlockWord[], ms: number): number {
  let index = -1
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.startMs <= ms) index = i
    else break
  }
  return index
}

/** Follows the current word of a rendered block, read every frame (timeupdate alone is 4 Hz). */
function useCurrentWord(
  reading: ReadingState | null,
  bytes: BytesPlayer,
  playing: boolean,
  setCurrentWord: (index: number) => void,
): void {
  useEffect(() => {
    if (reading === null || !playing) return
    let frame = 0
    const tick = (): void => {
      setCurrentWord(wordIndexAt(reading.words, bytes.currentTime * 1000))
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [reading, playing, bytes, setCurrentWord])
}

/**
 * Feeds the streamed preview's chunks to the stream player and ends it as main reports; on
 * unmount stops both players and the preview under way.
 */
function useFollowPreviews(parts: {
  stream: StreamPlayer
  bytes: BytesPlayer
  jobRef: RefObject<string | null>
  setStreamEnded: (phase: 'ended') => void
  setFailure: (error: unknown) => void
}): void {
  const { stream, bytes, jobRef, setStreamEnded, setFailure } = parts
  useEffect(() => {
    const unfollow = followPreviews({
      audio: ({ jobId, seq, chunk }) => {
        if (jobId === jobRef.current) stream.push(chunk, seq)
      },
      ended: (ended) => {
        if (ended.jobId !== jobRef.current) return
        jobRef.current = null
        setStreamEnded('ended')
        if (ended.ok) stream.finish()
        else if (ended.error.code === 'CANCELLED') stream.stop()
        else {
          const failed = AppError.fromData(ended.error)
          const description = describeError(failed)
          setFailure(failed)
          stream.fail(`${description.title}: ${description.message}`)
        }
      },
    })
    return () => {
      unfollow()
      stream.stop()
      bytes.stop()
      if (jobRef.current !== null) stopStream(jobRef.current)
    }
  }, [stream, bytes, jobRef, setStreamEnded, setFailure])
}

/**
 * Everything the Script workspace plays: streamed previews of a block or selection (sound starts
 * with the first chunk, through the shared StreamPlayer), a lexicon audition, and a rendered
 * block from the cache (shared BytesPlayer) with the current word followed each frame.
 */
export function useScriptAudio() {
  const stream = useMemo(() => new StreamPlayer('audio/mpeg'), [])
  const bytes = useMemo(() => new BytesPlayer(), [])
  const streamState = useSyncExternalStore(stream.state.subscribe, stream.state.getSnapshot)
  const bytesState = useSyncExternalStore(bytes.state.subscribe, bytes.state.getSnapshot)
  const jobRef = useRef<string | null>(null)
  const [previewBlockId, setPreviewBlockId] = useState<string | null>(null)
  const [streamEnded, setStreamEnded] = useState<'streaming' | 'ended' | null>(null)
  const [paused, setPaused] = useState(false)
  const [reading, setReading] = useState<ReadingState | null>(null)
  const [currentWord, setCurrentWord] = useState<number>(-1)
  const [error, setError] = useState<string | null>(null)
  /** The last failure as an error (for the notice with what to do and the request id). */
  const [failure, setFailure] = useState<unknown>(null)

  useFollowPreviews({ stream, bytes, jobRef, setStreamEnded, setFailure })
  useCurrentWord(reading, bytes, bytesState.status === 'playing', setCurrentWord)

  const cancelStream = useCallback(() => {
    const jobId = jobRef.current
    jobRef.current = null
    if (jobId !== null) stopStream(jobId)
    stream.stop()
  }, [stream])

  const stopAll = useCallback(() => {
    cancelStream()
    bytes.stop()
    setReading(null)
    setCurrentWord(-1)
    setPaused(false)
    setPreviewBlockId(null)
    setStreamEnded(null)
    setFailure(null)
  }, [bytes, cancelStream])

  /** Starts a streamed job (preview, audition) whose audio arrives as preview events. */
  const startStream = useCallback(
    async (label: string, start: () => Promise<{ jobId: string }>) => {
      setError(null)
      setStreamEnded('streaming')
      stream.begin(label)
      try {
        jobRef.current = (await start()).jobId
      } catch (caught) {
        const description = describeError(caught)
        setFailure(caught)
        stream.fail(`${description.title}: ${description.message}`)
        setStreamEnded(null)
      }
    },
    [stream],
  )

  const preview = useCallback(
    async (blockId: string, selection?: { start: number; end: number }) => {
      stopAll()
      setPreviewBlockId(blockId)
      await startStream('Preview', () => previewBlock(blockId, selection))
    },
    [stopAll, startStream],
  )

  const audition = useCallback(
    async (voiceId: string, term: string, alias: string) => {
      stopAll()
      await startStream(`“${term}” as “${alias}”`, () => auditionLexiconEntry(voiceId, term, alias))
    },
    [stopAll, startStream],
  )

  const playRendered = useCallback(
    async (blockId: string, fromOffset?: number) => {
      stopAll()
      setError(null)
      bytes.loading('Rendered audio')
      try {
        const audio = await renderedBlockAudio(blockId)
        setReading({ blockId, words: audio.words })
        await bytes.play(audio.wav, 'audio/wav', 'Rendered audio')
        if (fromOffset !== undefined) {
          const word = audio.words.find((w) => w.end > fromOffset)
          if (word !== undefined) bytes.seek(word.startMs / 1000)
        }
      } catch (caught) {
        const description = describeError(caught)
        setFailure(caught)
        bytes.fail('Rendered audio', `${description.title}: ${description.message}`)
        setReading(null)
      }
    },
    [bytes, stopAll],
  )

  const seekToWord = useCallback(
    (index: number) => {
      const word = reading?.words[index]
      if (word !== undefined) bytes.seek(word.startMs / 1000)
    },
    [bytes, reading],
  )

  const active = streamState.status !== 'idle' ? streamState : bytesState
  return {
    status: active.status,
    label: active.label,
    error: active.error ?? error,
    failure,
    positionSec: active.positionSec,
    durationSec: active.durationSec,
    previewBlockId,
    streamPhase: streamEnded,
    paused,
    reading,
    currentWord,
    preview,
    audition,
    playRendered,
    seekToWord,
    pause: () => {
      stream.pause()
      bytes.pause()
      setPaused(true)
    },
    resume: () => {
      if (streamState.status !== 'idle') stream.resume()
      else bytes.resume()
      setPaused(false)
    },
    stop: stopAll,
  }
}

export type ScriptAudio = ReturnType<typeof useScriptAudio>
