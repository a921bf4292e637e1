import { useCallback, useEffect, useState } from 'react'
import type { Dispatch, SetStateAction } from 'react'
import type { PdfChoices } from '../../../../../shared/domain/manuscript'
import type { ChoosePdfPages, OpenedDocument } from '../../../../../shared/domain/script-workspace'
import { AppError } from '../../../../../shared/errors'
import {
  cancelImport,
  importDroppedFile,
  onImportProgress,
  retryOpenScript,
} from '../api/document-files'

/** Where the PDF being asked about came from: a drop (the page holds its bytes) or main's dialog. */
export type PdfSource = { kind: 'drop'; file: File } | { kind: 'open' }

/** The PDF question on screen: which pages, and the password once the PDF turns out locked. */
export interface PdfAsk {
  source: PdfSource
  /** The file's name when the page knows it; a locked PDF's Open names it in `lockedMessage`. */
  fileName: string | null
  /** How many pages the PDF has, when main counted them before asking (Open). */
  pageCount?: number
  /** Set once the PDF is known to be locked: `wrong` after a password that did not open it. */
  password: 'required' | 'wrong' | null
  /** Main's words about the lock (they name the file), shown above the password field. */
  lockedMessage: string | null
  /** Main's refusal of the choices (a range the PDF does not have), shown in place. */
  refusal: string | null
  working: boolean
  /** While the PDF is read: its id (for Cancel) and the pages read so far. */
  importId?: string
  progress?: { done: number; total: number }
}

/** Whether a dropped file is a PDF (it gets the pages question before anything is read). */
export function isPdfFile(file: File): boolean {
  return /\.pdf$/i.test(file.name)
}

function passwordState(error: unknown): 'required' | 'wrong' | null {
  return error instanceof AppError ? (error.details?.password ?? null) : null
}

/** The first question about a PDF: which pages (of `pageCount` when main counted them). */
function pagesAsk(source: PdfSource, fileName: string, pageCount?: number): PdfAsk {
  return {
    source,
    fileName,
    ...(pageCount !== undefined ? { pageCount } : {}),
    password: null,
    lockedMessage: null,
    refusal: null,
    working: false,
  }
}

/** Pages read so far, for the import the dialog is waiting on. */
function useImportProgress(setAsk: Dispatch<SetStateAction<PdfAsk | null>>): void {
  useEffect(
    () =>
      onImportProgress(({ importId, done, total }) =>
        setAsk((current) =>
          current?.importId === importId ? { ...current, progress: { done, total } } : current,
        ),
      ),
    [setAsk],
  )
}

/**
 * The PDF dialog's state: a PDF (dropped or opened) asks for its pages first, then shows the
 * pages read and may be cancelled; a locked PDF asks for its password and tries again. The password lives only in the call it is
 * sent with: never in this state, a log or a store.
 */
export function usePdfImport(options: {
  footnotes: () => 'read' | 'omit'
  adopt: (opened: OpenedDocument) => Promise<void>
  onError: (error: unknown) => void
}) {
  const { footnotes, adopt, onError } = options
  const [ask, setAsk] = useState<PdfAsk | null>(null)

  const run = useCallback(
    async (current: PdfAsk, choices: PdfChoices) => {
      const importId = crypto.randomUUID()
      setAsk({ ...current, working: true, refusal: null, importId })
      const idle = { ...current, importId: undefined, progress: undefined }
      try {
        const opened =
          current.source.kind === 'drop'
            ? await importDroppedFile(current.source.file, true, footnotes(), {
                ...choices,
                importId,
              })
            : await retryOpenScript(footnotes(), { ...choices, importId })
        setAsk(null)
        await adopt(opened)
      } catch (caught) {
        const locked = passwordState(caught)
        if (locked !== null) {
          const message = caught instanceof AppError ? caught.message : null
          setAsk({
            ...idle,
            working: false,
            password: locked,
            lockedMessage: locked === 'required' ? message : current.lockedMessage,
            refusal: null,
          })
        } else if (caught instanceof AppError && caught.code === 'VALIDATION_FAILED') {
          // A refusal of what was chosen (pages the PDF does not have): said in the dialog.
          setAsk({ ...idle, working: false, refusal: caught.message })
        } else {
          setAsk(null)
          // A cancel the user asked for is not an error to show.
          if (!(caught instanceof AppError && caught.code === 'CANCELLED')) onError(caught)
        }
      }
    },
    [adopt, footnotes, onError],
  )

  useImportProgress(setAsk)

  return {
    pdfAsk: ask,
    /** A dropped PDF: ask for its pages before it is read. */
    askDropped: (file: File) => setAsk(pagesAsk({ kind: 'drop', file }, file.name)),
    /** A PDF chosen through Open, counted and not read yet: ask for its pages. */
    askOpened: ({ choosePages }: ChoosePdfPages) =>
      setAsk(pagesAsk({ kind: 'open' }, choosePages.fileName, choosePages.pageCount)),
    /** An import through Open failed: a locked PDF gets the password question; true if asked. */
    askAfterOpen: (error: unknown): boolean => {
      const locked = passwordState(error)
      if (locked === null) return false
      setAsk({
        source: { kind: 'open' },
        fileName: null,
        password: locked,
        lockedMessage: error instanceof AppError ? error.message : null,
        refusal: null,
        working: false,
      })
      return true
    },
    submitPdf: (choices: PdfChoices) => {
      if (ask !== null && !ask.working) void run(ask, choices)
    },
    /** Closes the question; an import under way is stopped (nothing is opened). */
    cancelPdf: () => {
      if (ask?.importId !== undefined) void cancelImport(ask.importId).catch(() => {})
      setAsk(null)
    },
  }
}
