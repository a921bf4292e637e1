/**
 * A length as a person says it, to the second: "18 seconds", "1 min 12 s", "2 hours",
 * "2 h 1 min". For reports a person reads (a store's length limit, a file's length), where
 * "0.3 minutes" would have to be worked out.
 */
export function spokenLength(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  if (h === 0) return r === 0 ? `${m} min` : `${m} min ${r} s`
  if (m === 0 && r === 0) return `${h} ${h === 1 ? 'hour' : 'hours'}`
  return [`${h} h`, `${m} min`, ...(r > 0 ? [`${r} s`] : [])].join(' ')
}

/**
 * A slow reading pace in billable characters a second (about 100 words a minute; narration is
 * usually 130 to 170): the app's one estimate of how long text not yet rendered will play. Why
 * slow: it sizes the disk a render needs, where running long is the safe side.
 */
export const ESTIMATE_CHARACTERS_PER_SECOND = 10

/** Estimated seconds of speech for `billableCharacters` not rendered yet. */
export function estimatedSpokenSeconds(billableCharacters: number): number {
  return billableCharacters / ESTIMATE_CHARACTERS_PER_SECOND
}
