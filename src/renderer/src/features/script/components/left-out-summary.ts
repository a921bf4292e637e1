/**
 * What each notice says was left out, without its reason or fix: "1 picture was skipped" of
 * "1 picture was skipped: VoiceDesk narrates text only." (its first clause).
 */
export function leftOutSummary(notices: readonly string[]): string {
  return notices
    .map((notice) => (notice.split(/:\s|\.(?:\s|$)/)[0] ?? notice).trim())
    .filter((clause) => clause !== '')
    .join('; ')
}
