import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { BlockTake } from '../../../../../shared/domain/script-workspace'
import { AppError } from '../../../../../shared/errors'
import { BytesPlayer } from '../../../lib/audio/bytes-player'
import { makeTakes as requestTakes, stopTakes as stopTakesFor } from '../api/script-audio-api'
import { useScriptDocumentStore } from '../stores/script-document-store'

export type TakeName = 'A' | 'B'

/**
 * The two takes of an A/B comparison: made by main (a new request stops the one before, and so
 * does closing the dialog), and played one at a time.
 */
export function useAbTakes(blockId: string) {
  const [takes, setTakes] = useState<BlockTake[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [playing, setPlaying] = useState<TakeName | null>(null)
  const player = useMemo(() => new BytesPlayer(), [])
  const playback = useSyncExternalStore(player.state.subscribe, player.state.getSnapshot)
  const request = useRef(0)
  /** The takes being made, so closing the dialog or asking again stops them in main. */
  const inFlight = useRef<string | null>(null)
  const stopTakes = (): void => {
    const requestId = inFlight.current
    inFlight.current = null
    if (requestId !== null) stopTakesFor(requestId)
  }

  useEffect(() => () => player.stop(), [player])
  // Closing the dialog (this comparison unmounts) stops takes still being synthesized.
  useEffect(() => () => stopTakes(), [])

  const make = async (voices: [string, string]): Promise<void> => {
    if (!useScriptDocumentStore.getState().blocks.has(blockId)) return
    const ticket = ++request.current
    stopTakes()
    const requestId = crypto.randomUUID()
    inFlight.current = requestId
    player.stop()
    setPlaying(null)
    setTakes(null)
    setError(null)
    setBusy(true)
    try {
      const made = await requestTakes(blockId, voices, requestId)
      if (ticket === request.current) setTakes(made)
    } catch (caught) {
      const stopped = caught instanceof AppError && caught.code === 'CANCELLED'
      if (ticket === request.current && !stopped) setError(caught)
    } finally {
      if (inFlight.current === requestId) inFlight.current = null
      if (ticket === request.current) setBusy(false)
    }
  }

  const stop = (): void => {
    request.current++
    stopTakes()
    setBusy(false)
  }

  const play = (name: TakeName, label: string): void => {
    const take = takes?.[name === 'A' ? 0 : 1]
    if (take === undefined) return
    setPlaying(name)
    void player.play(take.wav, 'audio/wav', label)
  }

  return { takes, busy, error, playing, playback, make, stop, play, player }
}
