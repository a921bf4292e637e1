/**
 * A voice missing from the voice list, named as a person reads it, the same in the render checks,
 * the render dialog and the Cast panel: a plain one-word id ("dorothy") is the voice's name in
 * capitals ("Dorothy"), as the service names its own voices; any other id is shown as it is, in
 * quotes, since no name for it is known.
 */
export function missingVoiceName(voiceId: string): string {
  return /^[a-z]+$/i.test(voiceId)
    ? voiceId.charAt(0).toUpperCase() + voiceId.slice(1).toLowerCase()
    : `"${voiceId}"`
}
