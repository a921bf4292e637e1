import { useMemo } from 'react'
import { holdCommand, runCommand } from '../../../lib/menu-commands'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The voices of the open script, as another workspace sees them. */
export interface OpenScriptVoices {
  /** The script's default voice, or null when it has none. */
  defaultVoiceId: string | null
  /** Voices that some blocks speak in: named by a block, or by a speaker's cast entry. */
  spokenVoiceIds: ReadonlySet<string>
}

type VoiceFields = {
  open: boolean
  defaultVoiceId: string | undefined
  cast: Readonly<Record<string, string>>
  blockVoices: Readonly<Record<string, number>>
}

/** The open script's voices from its document's fields; null when no script is open. */
export function openScriptVoicesOf(fields: VoiceFields): OpenScriptVoices | null {
  if (!fields.open) return null
  return {
    defaultVoiceId: fields.defaultVoiceId ?? null,
    spokenVoiceIds: new Set([...Object.keys(fields.blockVoices), ...Object.values(fields.cast)]),
  }
}

/**
 * The voices of the script open in Script, read from its document (the editing copy that main's
 * open document follows through saveDraft): null while no script is open. Typing changes none of
 * the fields read here, so it re-renders nothing.
 */
export function useOpenScriptVoices(): OpenScriptVoices | null {
  const open = useScriptDocumentStore((s) => s.doc !== null)
  const defaultVoiceId = useScriptDocumentStore((s) => s.meta.defaults.voiceId)
  const cast = useScriptDocumentStore((s) => s.meta.cast)
  const blockVoices = useScriptDocumentStore((s) => s.blockVoices)
  return useMemo(
    () => openScriptVoicesOf({ open, defaultVoiceId, cast, blockVoices }),
    [open, defaultVoiceId, cast, blockVoices],
  )
}

/**
 * Makes a voice the open script's default: one edit of the document, so Undo takes it back and
 * the document sync sends it to main. False when no script is open.
 */
export function setScriptDefaultVoice(voiceId: string): boolean {
  const document = useScriptDocumentStore.getState()
  if (document.doc === null) return false
  if (document.meta.defaults.voiceId !== voiceId) {
    document.updateMeta({ defaults: { ...document.meta.defaults, voiceId } })
  }
  return true
}

/**
 * Gives a voice to the block the caret was last in (the first block when none), as one edit of
 * the document. Answers the block's number (from 1), or null when no script is open.
 */
export function setCaretBlockVoice(voiceId: string): number | null {
  const document = useScriptDocumentStore.getState()
  if (document.doc === null) return null
  const caretBlock = useEditorUiStore.getState().caret?.blockId
  const target =
    caretBlock !== undefined && document.blocks.has(caretBlock) ? caretBlock : document.order[0]
  if (target === undefined) return null
  document.updateBlock(target, { voiceId })
  return document.order.indexOf(target) + 1
}

/** The voice the next New (asked for by another workspace) gives its script; null: none. */
let voiceForNewScript: string | null = null

/**
 * Makes a new script with `voiceId` as its default voice, through Script's own New (so an open
 * script with unsaved changes is asked about first). The command waits for the Script workspace
 * when it is not shown yet: the caller opens it.
 */
export function newScriptWithVoice(voiceId: string): void {
  voiceForNewScript = voiceId
  const command = { command: 'script:new' } as const
  if (!runCommand(command)) holdCommand(command)
}

/** The voice a waiting New was asked with, once: the next New is a plain one again. */
export function takeVoiceForNewScript(): string | null {
  const voiceId = voiceForNewScript
  voiceForNewScript = null
  return voiceId
}
