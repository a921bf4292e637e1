import { createContext, useContext, useSyncExternalStore } from 'react'
import type { BytesPlayer } from '../../../lib/audio/bytes-player'
import type { PlaybackSnapshot } from '../../../lib/audio/playback'
import { StreamPlayer } from '../../../lib/audio/stream-player'
import { voicePreviewPlayer } from '../../../lib/shared-state/voice-preview'

/**
 * The workspace's two players: previews (whole files, the window's one preview player that Script's
 * picker shares) and trials (streamed). One sound at a time.
 */
export interface VoicePlayers {
  preview: BytesPlayer
  trial: StreamPlayer
}

export function createVoicePlayers(): VoicePlayers {
  return { preview: voicePreviewPlayer, trial: new StreamPlayer('audio/mpeg') }
}

export const VoicePlayersContext = createContext<VoicePlayers | null>(null)

export function useVoicePlayers(): VoicePlayers {
  const players = useContext(VoicePlayersContext)
  if (players === null) throw new Error('useVoicePlayers outside the Voices workspace')
  return players
}

/** The snapshot of one player, re-rendering on change. */
export function usePlayback(player: BytesPlayer | StreamPlayer): PlaybackSnapshot {
  return useSyncExternalStore(player.state.subscribe, player.state.getSnapshot)
}
