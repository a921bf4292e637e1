import type { Voice } from '../../shared/domain/voice'
import { localeName } from '../../shared/domain/voice-names'
import { AppError } from '../../shared/errors'
import type { UpstreamClient } from '../core/upstream/upstream-client'

/** "Catalog" or "Personal": where a voice comes from, in the app's words. */
export function voiceKind(voice: Voice): string {
  return voice.type === 'personal' ? 'Personal' : 'Catalog'
}

/** A voice's language in words ("English (United States)"), or "Language not set". */
export function voiceLanguage(voice: Voice): string {
  return voice.locale === null ? 'Language not set' : localeName(voice.locale)
}

/** Levenshtein distance between two strings (insertions, deletions and substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution))
    }
    previous = current
  }
  return previous[b.length]!
}

/** How a voice was given, for the words of an error: `--voice X` or `--cast "Bob=X"`. */
export interface VoiceFlag {
  /** The flag with a placeholder for the id: `--voice ID`, `--cast "Bob=ID"`. */
  withId(id: string): string
}

function describe(voice: Voice): string {
  return `${voice.id} (${voice.displayName}, ${voiceLanguage(voice)}, ${voiceKind(voice)})`
}

/** The closest voice by id or name, when it is close enough to be a typing slip. */
function nearest(wanted: string, voices: readonly Voice[]): Voice | null {
  let best: { voice: Voice; distance: number } | null = null
  for (const voice of voices) {
    for (const key of [voice.id.toLowerCase(), voice.displayName.toLowerCase()]) {
      const distance = editDistance(wanted, key)
      if (best === null || distance < best.distance) best = { voice, distance }
    }
  }
  // Why a third of the length: "gorge" is a slip for "george"; "bob" is not one for "rob" only.
  const allowed = Math.max(1, Math.floor(wanted.length / 3))
  return best !== null && best.distance <= allowed ? best.voice : null
}

/**
 * The id of the voice the user named on the command line: an id as it is, else a voice whose id
 * or name (as the app shows it) matches without regard to case. An unknown voice is refused with
 * the nearest one suggested (with `keepUnknown`, one with no near voice is returned as typed), a
 * name shared by several voices with each candidate's id and language (VALIDATION_FAILED, exit
 * 2); nothing has been sent to speak.
 */
export function resolveVoice(
  given: string,
  voices: readonly Voice[],
  flag: VoiceFlag,
  options: { keepUnknown?: boolean } = {},
): string {
  const typed = given.trim()
  if (voices.some((v) => v.id === typed)) return typed
  const wanted = typed.toLowerCase()
  const matches = voices.filter(
    (v) => v.id.toLowerCase() === wanted || v.displayName.toLowerCase() === wanted,
  )
  if (matches.length === 1) return matches[0]!.id
  if (matches.length > 1) {
    const listed = matches.map(describe).join('; ')
    throw new AppError(
      'VALIDATION_FAILED',
      `${matches.length} voices are called "${typed}": ${listed}. Choose one by its id, for example ${flag.withId(matches[0]!.id)}.`,
    )
  }
  const close = nearest(wanted, voices)
  // Why keep it: render's own checks then name it with the blocks that use it.
  if (close === null && options.keepUnknown === true) return typed
  const suggestion =
    close === null
      ? ''
      : close.id.toLowerCase() === close.displayName.toLowerCase()
        ? ` Did you mean ${close.id}?`
        : ` Did you mean ${close.id} (${close.displayName})?`
  throw new AppError(
    'VALIDATION_FAILED',
    `No voice in your voice list has the id or name "${typed}".${suggestion} "voicedesk voices list" shows your voices.`,
  )
}

/**
 * The account's voice list read once for the whole command (a read, not billed), or null when
 * the credential may not read it (an access token without voices:read): then names cannot be
 * resolved and the voices are sent as given.
 */
export function voiceListOnce(
  client: UpstreamClient,
  signal: AbortSignal,
): () => Promise<Voice[] | null> {
  let list: Promise<Voice[] | null> | null = null
  return () => {
    list ??= client.listVoices({ signal }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SCOPE_MISSING') return null
      throw error
    })
    return list
  }
}
