/**
 * A time on a video as a subtitle editor shows a cue's start: "1:02.5", or "1:02:03.5" past an
 * hour. The app's one way of writing a cue time, in main's messages and on the page alike.
 */
export function cueTime(ms: number): string {
  const tenths = Math.floor((ms % 1000) / 100)
  const total = Math.floor(ms / 1000)
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}.${tenths}` : `${m}:${s}.${tenths}`
}
