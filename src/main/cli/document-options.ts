import type { FootnoteMode, PageRange } from '../../shared/domain/manuscript'
import { parsePageRange } from '../../shared/domain/manuscript'
import { readInputFileAtMost } from './inputs'
import { usage } from './io'
import type { CleanupSettings } from '../../shared/domain/cleanup-rules'
import { rulesFromFile } from './rules-file'

/** The longest password file read: a password is a line, not a document. */
const PASSWORD_FILE_MAX_BYTES = 4096

/** What `import` and `render` take for a manuscript: its footnotes, a PDF's pages and password. */
export interface DocumentFlags {
  footnotes?: FootnoteMode
  pages?: PageRange
  password?: string
  cleanup?: CleanupSettings
}

/** `--footnotes`: omit or read, else a usage error. */
export function footnotesFlag(value: string | undefined): FootnoteMode | undefined {
  if (value === undefined || value === 'omit' || value === 'read') return value
  throw usage('--footnotes is omit or read.')
}

/** `--pages A-B` (or `A`, or `A-`): a usage error naming the form when it is not one. */
export function pagesFlag(value: string | undefined): PageRange | undefined {
  if (value === undefined) return undefined
  const range = parsePageRange(value)
  if (range === null) {
    throw usage(
      `--pages is a page or a range of pages of a PDF, like 5-212, 7 or 5- (to the end); "${value.slice(0, 40)}" is not one.`,
    )
  }
  return range
}

/**
 * The password in the file `--password-file` names: its first line, at most
 * {@link PASSWORD_FILE_MAX_BYTES} read (a FIFO or a device cannot make it read forever). Why a
 * file and no --password: any user of the machine can read a command line. Never echoed.
 */
export async function passwordFromFile(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined
  const { text } = await readInputFileAtMost(
    path,
    'password file',
    PASSWORD_FILE_MAX_BYTES,
    "Save the PDF's password in a file only you can read and pass its path.",
  )
  return text.split(/\r?\n/)[0] ?? ''
}

/** The manuscript flags of a command line, checked (usage errors before anything is read). */
export async function documentFlags(values: {
  footnotes?: string | undefined
  pages?: string | undefined
  'password-file'?: string | undefined
  rules?: string | undefined
}): Promise<DocumentFlags> {
  const footnotes = footnotesFlag(values.footnotes)
  const pages = pagesFlag(values.pages)
  const password = await passwordFromFile(values['password-file'])
  const cleanup = values.rules === undefined ? undefined : await rulesFromFile(values.rules)
  return {
    ...(cleanup !== undefined ? { cleanup } : {}),
    ...(footnotes !== undefined ? { footnotes } : {}),
    ...(pages !== undefined ? { pages } : {}),
    ...(password !== undefined ? { password } : {}),
  }
}
