import { useImportReview } from './use-import-review'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { isDocumentFileName } from '../../../../../shared/domain/manuscript'
import type { ChoosePdfPages, OpenedDocument } from '../../../../../shared/domain/script-workspace'
import {
  clearRecentScripts,
  closeScript,
  createScript,
  discardRecoveredScript,
  importDroppedFile,
  openRecentScript,
  openScript,
  removeRecentScript,
  restoreRecoveredScript,
  saveOpenScript,
  exportOpenScript,
} from '../api/document-files'
import type { Voice } from '../../../../../shared/domain/voice'
import { SAMPLE_SCRIPT } from '../../../../../shared/domain/sample-script'
import { sampleCast } from '../components/sample-script'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { isPdfFile, usePdfImport } from './use-pdf-import'
import { useOpenProgress } from './use-open-progress'
import { AppError } from '../../../../../shared/errors'
import { isDirty, useScriptDocumentStore } from '../stores/script-document-store'

function isCancel(error: unknown): boolean {
  return error instanceof AppError && error.code === 'CANCELLED'
}

function footnoteChoice(): 'read' | 'omit' {
  return useEditorUiStore.getState().readFootnotes ? 'read' : 'omit'
}

/** The sample script, imported as a dropped Markdown file would be. */
function loadSample(): Promise<OpenedDocument | null> {
  const file = new File([SAMPLE_SCRIPT.text], SAMPLE_SCRIPT.fileName, { type: 'text/markdown' })
  return importDroppedFile(file, false, footnoteChoice())
}

/**
 * Casts the sample just opened from the user's voice list (when it is known): the narrator as
 * the default voice, a voice for each speaker. Not when the import failed or was not made.
 */
function castSample(before: unknown, voices: readonly Voice[] | undefined): void {
  const store = useScriptDocumentStore.getState()
  const cast = sampleCast(voices ?? [])
  if (cast === null || store.doc === null || store.doc === before) return
  store.updateMeta({
    defaults: { ...store.meta.defaults, voiceId: cast.narrator },
    cast: { ...store.meta.cast, ...cast.cast },
  })
}

/** Opens the sample in place of the open script, then casts it. */
async function openSample(
  replaceWith: (load: () => Promise<OpenedDocument | null>) => Promise<void>,
  voices: readonly Voice[] | undefined,
): Promise<void> {
  const before = useScriptDocumentStore.getState().doc
  await replaceWith(loadSample)
  castSample(before, voices)
}

/**
 * A new script in place of the open one, with `voiceId` as its default voice: one edit of the new
 * document (Undo takes it back). Not when the new script was not made.
 */
async function newScriptWithVoice(
  replaceWith: (load: () => Promise<OpenedDocument | null>) => Promise<void>,
  voiceId: string,
): Promise<void> {
  const before = useScriptDocumentStore.getState().doc
  await replaceWith(createScript)
  const store = useScriptDocumentStore.getState()
  if (store.doc === null || store.doc === before) return
  store.updateMeta({ defaults: { ...store.meta.defaults, voiceId } })
}

/**
 * The open dialog: a PDF comes back unread, and its pages are asked for before it is read; a
 * book is read with its progress shown (`reading`) and may be cancelled.
 */
async function openChosen(
  importOnly: boolean,
  askPages: (question: ChoosePdfPages) => void,
  reading: Pick<ReturnType<typeof useOpenProgress>, 'beginOpenReading' | 'endOpenReading'>,
): Promise<OpenedDocument | null> {
  try {
    const answer = await openScript(footnoteChoice(), importOnly, reading.beginOpenReading())
    if (answer === null || !('choosePages' in answer)) return answer
    askPages(answer)
    return null
  } finally {
    reading.endOpenReading()
  }
}

/** A question waiting for the user: discard unsaved changes before replacing the document? */
export interface PendingDiscard {
  run: () => void
}

/** Asks before a script with unsaved changes is replaced or closed. */
function useDiscardGuard() {
  const [pendingDiscard, setPendingDiscard] = useState<PendingDiscard | null>(null)
  const guard = useCallback((run: () => void) => {
    const state = useScriptDocumentStore.getState()
    if (state.doc !== null && isDirty(state) && state.totalChars > 0) setPendingDiscard({ run })
    else run()
  }, [])
  return {
    guard,
    pendingDiscard,
    confirmDiscard: () => {
      const pending = pendingDiscard
      setPendingDiscard(null)
      pending?.run()
    },
    cancelDiscard: () => setPendingDiscard(null),
  }
}

/** The recent projects and recovered drafts: emptied, shortened, discarded; failures to `onError`. */
function useListActions(onError: (error: unknown) => void) {
  const queryClient = useQueryClient()
  const refreshRecent = (): void =>
    void queryClient.invalidateQueries({ queryKey: ['script', 'recent'] })
  return {
    discardRecovery: async (docId: string) => {
      await discardRecoveredScript(docId).catch(onError)
      void queryClient.invalidateQueries({ queryKey: ['script', 'recovery'] })
    },
    /** Empties the recent list (the files are not touched). */
    clearRecent: () => {
      onError(null)
      clearRecentScripts().catch(onError).finally(refreshRecent)
    },
    /** Takes a project off the recent list (the file is not touched). */
    removeRecent: (recentId: string) => {
      onError(null)
      removeRecentScript(recentId).catch(onError).finally(refreshRecent)
    },
  }
}

/** File > Export Script…: Markdown or plain text; `exported` names the file written. */
function useExportText(onError: (error: unknown) => void) {
  const [exported, setExported] = useState<{ fileName: string; location: string } | null>(null)
  return {
    exportText: () => {
      onError(null)
      setExported(null)
      exportOpenScript()
        .then((written) => setExported(written))
        .catch(onError)
    },
    exported,
    dismissExported: () => setExported(null),
  }
}

/** Save and Save As: main writes its copy; the store then knows which revision is in the file. */
function useSaveActions(onError: (error: unknown) => void) {
  const queryClient = useQueryClient()
  const save = useCallback(
    async (as: boolean) => {
      const state = useScriptDocumentStore.getState()
      if (state.doc === null) return
      onError(null)
      // Main writes its own copy, which gets every edit made up to now before it saves; an edit
      // made while the save dialog is open stays unsaved.
      const revision = state.revision
      try {
        const saved = await saveOpenScript(as)
        if (saved === null) return
        useScriptDocumentStore
          .getState()
          .markSaved(
            { docId: saved.docId, fileName: saved.fileName, location: saved.location },
            revision,
          )
        void queryClient.invalidateQueries({ queryKey: ['script', 'recent'] })
      } catch (caught) {
        onError(caught)
      }
    },
    [queryClient, onError],
  )

  return { save: () => void save(false), saveAs: () => void save(true) }
}

/**
 * Open, new, import, save, save as and close, with the "unsaved changes" question and the last
 * error of a file action (shown by the workspace).
 */
/** Puts an opened document in place of the one open now; keeps what its import left out. */
function useAdopt() {
  const queryClient = useQueryClient()
  /** What the last import left out (pictures, footnotes), shown until dismissed or replaced. */
  const [importNotices, setImportNotices] = useState<string[]>([])
  const adopt = useCallback(
    async (opened: OpenedDocument) => {
      const previous = useScriptDocumentStore.getState().doc
      if (previous !== null) await closeScript(previous.docId)
      useScriptDocumentStore.getState().load(opened)
      setImportNotices(opened.notices ?? [])
      void queryClient.invalidateQueries({ queryKey: ['script'] })
    },
    [queryClient],
  )
  return { adopt, importNotices, setImportNotices }
}

export function useDocumentActions() {
  const queryClient = useQueryClient()
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const { guard, ...discard } = useDiscardGuard()
  const lists = useListActions(setError)
  const exporting = useExportText(setError)
  const { adopt, importNotices, setImportNotices } = useAdopt()
  const importReview = useImportReview(setError, adopt)
  const { receiveOpened } = importReview
  const pdf = usePdfImport({ footnotes: footnoteChoice, adopt: receiveOpened, onError: setError })
  const { askAfterOpen, askOpened } = pdf
  const progress = useOpenProgress()

  const replaceWith = useCallback(
    async (load: () => Promise<OpenedDocument | null>) => {
      setError(null)
      setBusy(true)
      try {
        const opened = await load()
        if (opened === null) return
        await receiveOpened(opened)
      } catch (caught) {
        // A locked PDF chosen in the open dialog: ask for its password (main keeps the file).
        // A reading the user cancelled is not an error to show: nothing changed.
        if (!askAfterOpen(caught) && !isCancel(caught)) setError(caught)
      } finally {
        setBusy(false)
      }
    },
    [receiveOpened, askAfterOpen],
  )

  const saving = useSaveActions(setError)

  return {
    error,
    busy,
    importReview,
    clearError: () => setError(null),
    ...discard,
    newScript: () => guard(() => void replaceWith(createScript)),
    /** New, with a voice chosen elsewhere (Voices) as the new script's default voice. */
    newScriptWithVoice: (voiceId: string) =>
      guard(() => void newScriptWithVoice(replaceWith, voiceId)),
    importNotices,
    dismissImportNotices: () => setImportNotices([]),
    open: () => guard(() => void replaceWith(() => openChosen(false, askOpened, progress))),
    /** File > Import: the open dialog offering only what imports as a new script. */
    importFile: () => guard(() => void replaceWith(() => openChosen(true, askOpened, progress))),
    ...progress,
    openRecent: (recentId: string) =>
      guard(() => void replaceWith(() => openRecentScript(recentId))),
    ...pdf,
    importDropped: (file: File) =>
      guard(() =>
        // A PDF asks for its pages (and its password if it has one) before it is read.
        isPdfFile(file)
          ? pdf.askDropped(file)
          : void replaceWith(() =>
              // A manuscript is a zip: its bytes go to main, which unpacks it off its event loop.
              importDroppedFile(file, isDocumentFileName(file.name), footnoteChoice()),
            ),
      ),
    /** The sample script, cast from the user's voice list so it renders at once. */
    trySample: (voices: readonly Voice[] | undefined) =>
      guard(() => void openSample(replaceWith, voices)),
    restore: (docId: string) => guard(() => void replaceWith(() => restoreRecoveredScript(docId))),
    ...exporting,
    ...saving,
    /** Closes the open script (asking first when it has unsaved changes). */
    close: () =>
      guard(() => {
        const doc = useScriptDocumentStore.getState().doc
        if (doc === null) return
        setError(null)
        closeScript(doc.docId)
          .then(() => {
            useScriptDocumentStore.getState().unload()
            void queryClient.invalidateQueries({ queryKey: ['script', 'recent'] })
          })
          .catch(setError)
      }),
    ...lists,
  }
}
