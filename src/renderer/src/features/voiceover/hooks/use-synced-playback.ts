import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * The video (muted) and the voice-over played together: `playFrom` puts both at a time and
 * plays, `seek` moves both; the audio's clock is the one shown.
 */
export function useSyncedPlayback(trackUrl: string | null) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const audioRef = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [atMs, setAtMs] = useState(0)

  const pause = useCallback((): void => {
    audioRef.current?.pause()
    videoRef.current?.pause()
    setPlaying(false)
  }, [])

  const playFrom = useCallback(
    (ms: number): void => {
      const audio = audioRef.current
      if (audio === null || trackUrl === null) return
      const video = videoRef.current
      audio.currentTime = ms / 1000
      if (video !== null) video.currentTime = ms / 1000
      setAtMs(ms)
      audio.play().then(
        () => setPlaying(true),
        () => setPlaying(false),
      )
      video?.play().catch(() => undefined)
    },
    [trackUrl],
  )

  const seek = useCallback((ms: number): void => {
    const audio = audioRef.current
    const video = videoRef.current
    if (audio !== null && audio.src !== '') audio.currentTime = ms / 1000
    if (video !== null) video.currentTime = ms / 1000
    setAtMs(ms)
  }, [])

  useEffect(() => {
    const audio = audioRef.current
    if (audio === null) return
    const onTime = (): void => setAtMs(Math.round(audio.currentTime * 1000))
    audio.addEventListener('timeupdate', onTime)
    audio.addEventListener('ended', pause)
    return () => {
      audio.removeEventListener('timeupdate', onTime)
      audio.removeEventListener('ended', pause)
    }
  }, [pause, trackUrl])

  return { videoRef, audioRef, controls: { playing, atMs, pause, playFrom, seek } }
}

/** What the player's buttons and the line list use. */
export interface PlaybackControls {
  playing: boolean
  atMs: number
  pause: () => void
  playFrom: (ms: number) => void
  /** Moves the video and the voice-over to a time, playing on if they were. */
  seek: (ms: number) => void
}
