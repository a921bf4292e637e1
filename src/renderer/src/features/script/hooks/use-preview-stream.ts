import { useCallback, useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { AppError } from '../../../../../shared/errors'
import type { BytesPlayer } from '../../../lib/audio/bytes-player'
import type { StreamPlayer } from '../../../lib/audio/stream-player'
import { describeError } from '../../../lib/error-messages'
import { followPreviews, stopStream } from '../api/script-audio-api'

/** Where a streamed job is: its audio still arriving, or main has said it ended. */
export type StreamPhase = 'streaming' | 'ended'

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
 * Streamed jobs (a preview, an audition) whose audio main sends as preview events, played through
 * `stream` as it arrives: one at a time, the one under way stopped in main when cancelled.
 */
export function usePreviewStream(
  stream: StreamPlayer,
  bytes: BytesPlayer,
  setFailure: (error: unknown) => void,
) {
  const jobRef = useRef<string | null>(null)
  const [phase, setPhase] = useState<StreamPhase | null>(null)
  useFollowPreviews({ stream, bytes, jobRef, setStreamEnded: setPhase, setFailure })

  /** Stops the job under way, in main and in the player. */
  const cancel = useCallback(() => {
    const jobId = jobRef.current
    jobRef.current = null
    if (jobId !== null) stopStream(jobId)
    stream.stop()
    setPhase(null)
  }, [stream])

  /** Starts a streamed job; a failure to start is shown in the player and kept as the failure. */
  const start = useCallback(
    async (label: string, begin: () => Promise<{ jobId: string }>) => {
      setPhase('streaming')
      stream.begin(label)
      try {
        jobRef.current = (await begin()).jobId
      } catch (caught) {
        const description = describeError(caught)
        setFailure(caught)
        stream.fail(`${description.title}: ${description.message}`)
        setPhase(null)
      }
    },
    [stream, setFailure],
  )
  return { phase, cancel, start }
}
