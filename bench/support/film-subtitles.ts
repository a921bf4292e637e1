/** A film's subtitles for the voice-over benches: lines of several lengths, two speakers. */
const LINES = [
  'ANNA: We have to leave before the tide comes in.',
  'Where did you put the keys?',
  'BEN: I told you already, they are on the table by the door, next to the letters nobody opened.',
  'Listen.',
  'ANNA: The boats are coming back, all of them, one after another, just like the old man said they would.',
]

/**
 * `count` SRT cues evenly over `minutes`, each shown for most of its slot. `distinct`: each line's
 * words differ (a render would otherwise ask for five lines and find the rest in its cache).
 */
export function filmSubtitles(count: number, minutes: number, distinct = false): string {
  const step = (minutes * 60_000) / count
  const t = (ms: number): string => {
    const r = Math.round(ms)
    const two = (n: number): string => String(n).padStart(2, '0')
    const s = Math.floor(r / 1000)
    return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)},${String(r % 1000).padStart(3, '0')}`
  }
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    const start = i * step + 200
    const words = `${LINES[i % LINES.length]}${distinct ? ` Take ${i + 1}.` : ''}`
    out.push(`${i + 1}\n${t(start)} --> ${t(start + step * 0.8)}\n${words}\n`)
  }
  return out.join('\n')
}
