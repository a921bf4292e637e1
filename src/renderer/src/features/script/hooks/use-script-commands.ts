import { useEffect } from 'react'
import { provideCommands } from '../../../lib/menu-commands'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { applyMarkup } from './apply-markup'
import { openMarksPopover } from './mark-actions'
import { takeVoiceForNewScript } from './use-open-script-voices'
import type { useDocumentActions } from './use-document-actions'
import type { ScriptAudio } from './use-script-audio'

/** macOS uses ⌘ where other systems use Ctrl. */
export const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/** Where Ctrl+Z belongs to the field itself (find, replace, lexicon, pause): its own text undo. */
function isOwnUndoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.classList.contains('block__text')) return false
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target.isContentEditable
  )
}

/** Previews the block under the caret (or the first block), or just the text selected in it. */
export function previewAtCaret(audio: Pick<ScriptAudio, 'preview'>): void {
  const caret = useEditorUiStore.getState().caret
  const id = caret?.blockId ?? useScriptDocumentStore.getState().order[0]
  if (id === undefined) return
  const selection =
    caret !== null && caret.blockId === id && caret.end > caret.start
      ? { start: caret.start, end: caret.end }
      : undefined
  void audio.preview(id, selection)
}

/** The menu's commands and their shortcuts (use-menu-commands.ts) run the toolbar's actions. */
export function useScriptMenuCommands(actions: ReturnType<typeof useDocumentActions>): void {
  useEffect(() =>
    provideCommands((menu) => {
      const hasDoc = useScriptDocumentStore.getState().doc !== null
      switch (menu.command) {
        case 'script:new': {
          const voiceId = takeVoiceForNewScript()
          if (voiceId === null) actions.newScript()
          else actions.newScriptWithVoice(voiceId)
          return true
        }
        case 'script:open':
          return (actions.open(), true)
        case 'script:import':
          return (actions.importFile(), true)
        case 'script:openRecent':
          return (actions.openRecent(menu.recentId), true)
        case 'script:clearRecent':
          return (actions.clearRecent(), true)
        case 'script:save':
          return hasDoc && (actions.save(), true)
        case 'script:saveAs':
          return hasDoc && (actions.saveAs(), true)
        case 'script:export':
          return hasDoc && (actions.exportText(), true)
        case 'script:render':
          return hasDoc && (useEditorUiStore.getState().setRenderDialogOpen(true), true)
        case 'script:chapters': {
          const ui = useEditorUiStore.getState()
          return hasDoc && (ui.setOutlineOpen(!ui.outlineOpen), true)
        }
        case 'script:projectSettings':
          return hasDoc && (useEditorUiStore.getState().setProjectSettingsOpen(true), true)
        case 'script:cleanup':
          return hasDoc && (useEditorUiStore.getState().setCleanupOpen(true), true)
        case 'edit:undo':
        case 'edit:redo':
          if (!hasDoc || isOwnUndoField(document.activeElement)) return false
          if (menu.command === 'edit:undo') useScriptDocumentStore.getState().undo()
          else useScriptDocumentStore.getState().redo()
          return true
        default:
          return false
      }
    }),
  )
}

/**
 * The editor's own keys with Ctrl (⌘ on macOS): undo and redo outside text fields that undo their
 * own text, find, replace, emphasis (a pause with Shift), the marks popover, and Enter to preview. True when the key was used.
 */
function runEditorKey(event: KeyboardEvent, preview: () => void): boolean {
  const key = event.key.toLowerCase()
  if (useScriptDocumentStore.getState().doc === null) return false
  if ((key === 'z' || key === 'y') && isOwnUndoField(event.target)) return false
  const history = useScriptDocumentStore.getState()
  if (key === 'z') return (event.shiftKey ? history.redo() : history.undo(), true)
  if (key === 'y' && !isMac) return (history.redo(), true)
  if (key === 'f') return (useEditorUiStore.getState().openFind(false), true)
  if (key === 'h') return (useEditorUiStore.getState().openFind(true), true)
  if (key === 'b') return (applyMarkup(event.shiftKey ? 'break' : 'emphasis'), true)
  if (key === 'e' && !event.shiftKey) return openMarksPopover()
  // Shift+Enter is Render (File > Render), handled with the menu's shortcuts.
  if (key === 'enter' && !event.shiftKey) return (preview(), true)
  return false
}

/** Listens on the window for the editor's keys while the Script workspace is shown. */
export function useScriptShortcuts(audio: ScriptAudio): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const modifier = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
      if (!modifier || event.altKey) return
      if (runEditorKey(event, () => previewAtCaret(audio))) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  })
}
