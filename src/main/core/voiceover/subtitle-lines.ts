/** One cue of a subtitle file, as a line to speak. */
export interface TimedLine {
  /** The cue's number in file order, from 1 (what the user finds in a subtitle editor). */
  cue: number
  /** The file line its timing is on, from 1. */
  line: number
  startMs: number
  endMs: number
  /** The words to speak: markup, styling and the speaker prefix removed. */
  text: string
  /** A VTT voice, an ASS actor or a `NAME:` prefix; null when the cue names nobody. */
  speaker: string | null
}

/** A cue that could not be read, with where it is. */
export interface UnreadableCue {
  cue: number
  line: number
  message: string
}

/** `NAME: words` at a cue's start: a speaker as scripts write one. */
const NAME_PREFIX = /^\s*([\p{Lu}][\p{L}\p{N} .'’-]{0,48}?)\s*:\s+(\S[\s\S]*)$/u
/** A WebVTT voice span: `<v Name>` or `<v.class Name>`. */
export const VTT_VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/
const VTT_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&nbsp;': ' ',
  '&lrm;': '',
  '&rlm;': '',
}

/** Cleans a cue's text for speech: tags gone, lines joined, spaces collapsed. */
export function spokenText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (e) => VTT_ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim()
}

/** Splits `text` into a speaker named by a `NAME:` prefix and the words after it. */
export function splitNamePrefix(text: string): { speaker: string | null; text: string } {
  const match = NAME_PREFIX.exec(text)
  if (!match?.[1] || !match[2]) return { speaker: null, text }
  return { speaker: match[1].trim(), text: match[2].trim() }
}
