import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { TimedBlockWord } from '../../../../../shared/domain/script-workspace'
import { BytesPlayer } from '../../../lib/audio/bytes-player'
import { StreamPlayer } from '../../../lib/audio/stream-player'
import { describeError } from '../../../lib/error-messages'
import {
  auditionLexiconEntry,
  previewBlock,
  previewPauseSample,
  renderedBlockAudio,
} from '../api/script-audio-api'
import { takeAudio } from '../api/block-takes-api'
import { usePreviewStream } from './use-preview-stream'

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
 * A rendered block from the cache played through `bytes`, with its words for highlighting and the
 * one being spoken followed each frame.
 */
function useRenderedBlock(
  bytes: BytesPlayer,
  playing: boolean,
  setFailure: (error: unknown) => void,
) {
  const [reading, setReading] = useState<ReadingState | null>(null)
  const [currentWord, setCurrentWord] = useState<number>(-1)
  useCurrentWord(reading, bytes, playing, setCurrentWord)

  /** Forgets the block being read (the player itself is stopped by the caller). */
  const clear = useCallback(() => {
    setReading(null)
    setCurrentWord(-1)
  }, [])

  /** Plays the block's rendered audio, from the word at `fromOffset` in its text when given. */
  const play = useCallback(
    async (blockId: string, fromOffset?: number, take?: number) => {
      const label = take === undefined ? 'Rendered audio' : `Take ${take}`
      bytes.loading(label)
      try {
        const audio =
          take === undefined ? await renderedBlockAudio(blockId) : await takeAudio(blockId, take)
        setReading({ blockId, words: audio.words })
        await bytes.play(audio.wav, 'audio/wav', label)
        if (fromOffset !== undefined) {
          const word = audio.words.find((w) => w.end > fromOffset)
          if (word !== undefined) bytes.seek(word.startMs / 1000)
        }
      } catch (caught) {
        const description = describeError(caught)
        setFailure(caught)
        bytes.fail(label, `${description.title}: ${description.message}`)
        setReading(null)
      }
    },
    [bytes, setFailure],
  )

  const seekToWord = useCallback(
    (index: number) => {
      const word = reading?.words[index]
      if (word !== undefined) bytes.seek(word.startMs / 1000)
    },
    [bytes, reading],
  )
  return { reading, currentWord, clear, play, seekToWord }
}

/** Streams that are not a block of the script: a pronunciation's audition, the pause sample. */
function useSpokenSamples(
  stopAll: () => void,
  startStream: (label: string, start: () => Promise<{ jobId: string }>) => Promise<void>,
) {
  const audition = useCallback(
    async (voiceId: string, term: string, alias: string) => {
      stopAll()
      await startStream(`“${term}” as “${alias}”`, () => auditionLexiconEntry(voiceId, term, alias))
    },
    [stopAll, startStream],
  )
  const previewPauses = useCallback(
    async (voiceId: string, pauses: { paragraphMs: number; headingMs: number }) => {
      stopAll()
      await startStream('Pause sample', () => previewPauseSample(voiceId, pauses))
    },
    [stopAll, startStream],
  )
  return { audition, previewPauses }
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
  const [previewBlockId, setPreviewBlockId] = useState<string | null>(null)
  const [paused, setPaused] = useState(false)
  /** The last failure as an error (for the notice with what to do and the request id). */
  const [failure, setFailure] = useState<unknown>(null)
  const streamed = usePreviewStream(stream, bytes, setFailure)
  const rendered = useRenderedBlock(bytes, bytesState.status === 'playing', setFailure)
  const { cancel: cancelStream, start: startStream } = streamed
  const { clear: clearReading, play: playBlock } = rendered

  const stopAll = useCallback(() => {
    cancelStream()
    bytes.stop()
    clearReading()
    setPaused(false)
    setPreviewBlockId(null)
    setFailure(null)
  }, [bytes, cancelStream, clearReading])

  const preview = useCallback(
    async (blockId: string, selection?: { start: number; end: number }) => {
      stopAll()
      setPreviewBlockId(blockId)
      await startStream('Preview', () => previewBlock(blockId, selection))
    },
    [stopAll, startStream],
  )

  const { audition, previewPauses } = useSpokenSamples(stopAll, startStream)

  const playRendered = useCallback(
    async (blockId: string, fromOffset?: number) => {
      stopAll()
      await playBlock(blockId, fromOffset)
    },
    [stopAll, playBlock],
  )

  /** Plays one take of a block (a regenerated one, or the first) from the cache, words followed. */
  const playTake = useCallback(
    async (blockId: string, take: number) => {
      stopAll()
      await playBlock(blockId, undefined, take)
    },
    [stopAll, playBlock],
  )

  const active = streamState.status !== 'idle' ? streamState : bytesState
  return {
    status: active.status,
    label: active.label,
    error: active.error,
    failure,
    positionSec: active.positionSec,
    durationSec: active.durationSec,
    previewBlockId,
    streamPhase: streamed.phase,
    paused,
    reading: rendered.reading,
    currentWord: rendered.currentWord,
    preview,
    audition,
    previewPauses,
    playRendered,
    playTake,
    seekToWord: rendered.seekToWord,
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
