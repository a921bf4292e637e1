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
