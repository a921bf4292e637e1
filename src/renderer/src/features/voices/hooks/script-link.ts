import { createContext, useContext } from 'react'

/**
 * The script open in the Script workspace, as Voices uses it. The shell (app/) hands it over from
 * the script's own document: Voices keeps no copy of it, so what it shows is always that script.
 */
export interface ScriptLink {
  /** The script's default voice, or null when it has none. */
  defaultVoiceId: string | null
  /** Voices that some of its blocks speak in (named by a block or by a speaker's cast entry). */
  spokenVoiceIds: ReadonlySet<string>
  /** Makes a voice the script's default, as an edit of the script (Undo in Script takes it back). */
  setDefaultVoice(voiceId: string): void
  /** Gives a voice to the script's current block; answers its number, or null when it could not. */
  setBlockVoice(voiceId: string): number | null
}

/** The open script's link, or null when no script is open. */
export const ScriptLinkContext = createContext<ScriptLink | null>(null)

/**
 * Makes a new script with this voice as its default and shows it in Script (the shell owns
 * navigation and hands Script's own New over), or null where none is given.
 */
export const NewScriptWithVoiceContext = createContext<((voiceId: string) => void) | null>(null)

/** The open script's link (null: no script is open). */
export function useScriptLink(): ScriptLink | null {
  return useContext(ScriptLinkContext)
}

/** How the open script uses a voice, for the delete warning: as its default, in its blocks. */
export function scriptUseOf(
  link: ScriptLink | null,
  voiceId: string,
): { asDefault: boolean; inBlocks: boolean } | null {
  if (link === null) return null
  const use = {
    asDefault: link.defaultVoiceId === voiceId,
    inBlocks: link.spokenVoiceIds.has(voiceId),
  }
  return use.asDefault || use.inBlocks ? use : null
}
