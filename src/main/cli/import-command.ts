import { resolve } from 'node:path'
import { exportKindOf, exportScript } from '../core/narration/export/script-export'
import { importScript } from '../core/narration/import/import-script'
import { toDiskError, writeFileAtomic } from '../core/files/atomic-write'
import { documentFlags } from './document-options'
import type { CleanupRuleReport } from '../../shared/domain/cleanup-rules'
import { cleanupLines } from './rules-file'
import { EXIT } from './exit-codes'
import { optionText } from './inputs'
import { printJson, usage } from './io'
import type { LocalCommandContext } from './webhook-commands'

/**
 * `voicedesk import FILE --out script.md`: a manuscript (text, Markdown, Word, EPUB, PDF, ODT,
 * HTML) read as the app reads it, written as the Markdown (or, for a .txt name, plain text)
 * script the app's export writes, which imports again as the same chapters. Needs no service.
 * What the import left out is said on stderr; a long PDF's progress too, on a terminal.
 */
export async function importCommand(c: LocalCommandContext): Promise<number> {
  const [file, extra] = c.args
  if (file === undefined || extra !== undefined) throw usage('Give exactly one manuscript FILE.')
  const out = optionText(c.values, 'out')
  if (out === undefined) throw usage('--out FILE is required (script.md, or a .txt name).')
  const flags = await documentFlags({
    footnotes: optionText(c.values, 'footnotes'),
    pages: optionText(c.values, 'pages'),
    'password-file': optionText(c.values, 'password-file'),
    rules: optionText(c.values, 'rules'),
  })
  let cleanup: CleanupRuleReport[] = []
  const notices: string[] = []
  const project = await importScript(resolve(file), {
    ...flags,
    ...(c.signal !== undefined ? { signal: c.signal } : {}),
    onNotice: (notice) => notices.push(notice),
    onCleanup: (reports) => {
      cleanup = reports
    },
    ...(c.isTTY === true
      ? {
          onProgress: (done: number, total: number) =>
            c.io.err(`\rReading page ${done} of ${total}`),
        }
      : {}),
  })
  if (c.isTTY === true) c.io.err('\r\u001b[K')
  const kind = exportKindOf(out)
  const target = resolve(out)
  try {
    await writeFileAtomic(target, exportScript(project, kind))
  } catch (error) {
    throw toDiskError(error, target)
  }
  const chapters = new Set(project.blocks.map((b) => b.chapter).filter(Boolean)).size
  if (c.json) {
    printJson(c.io, {
      out: target,
      title: project.title,
      blocks: project.blocks.length,
      chapters,
      notices,
      ...(flags.cleanup !== undefined
        ? {
            cleanup: cleanup.map(({ id, label, count, charactersSaved }) => ({
              id,
              label,
              count,
              charactersSaved,
            })),
          }
        : {}),
    })
    return EXIT.ok
  }
  for (const notice of notices) c.io.err(`${notice}\n`)
  if (flags.cleanup !== undefined) for (const line of cleanupLines(cleanup)) c.io.err(`${line}\n`)
  c.io.out(
    `Wrote ${out}: ${project.blocks.length} ${project.blocks.length === 1 ? 'paragraph' : 'paragraphs'} in ${chapters} ${chapters === 1 ? 'chapter' : 'chapters'}.\n`,
  )
  return EXIT.ok
}
