import { DOCUMENT_EXTENSIONS } from '../../../shared/domain/manuscript'
import type { Project } from '../../../shared/domain/script'
import type { SaveExtension } from '../files/save-target'
import { titleOf } from './script-text'

// What the Script workspace's file dialogs offer and suggest.

/** File > Open: projects, scripts and manuscripts. */
export const OPEN_FILTERS = [
  {
    name: 'Scripts, manuscripts and projects',
    extensions: ['voicedesk', 'json', 'md', 'markdown', 'txt', ...DOCUMENT_EXTENSIONS],
  },
  { name: 'VoiceDesk projects', extensions: ['voicedesk', 'json'] },
  { name: 'Markdown or text', extensions: ['md', 'markdown', 'txt'] },
  { name: 'Word, EPUB, PDF, OpenDocument and web pages', extensions: [...DOCUMENT_EXTENSIONS] },
]
/** File > Import: only what becomes a new script (no projects). */
export const IMPORT_FILTERS = [
  {
    name: 'Scripts and manuscripts',
    extensions: ['md', 'markdown', 'txt', ...DOCUMENT_EXTENSIONS],
  },
  { name: 'Markdown or text', extensions: ['md', 'markdown', 'txt'] },
  { name: 'Word, EPUB, PDF, OpenDocument and web pages', extensions: [...DOCUMENT_EXTENSIONS] },
]
export const SAVE_FILTERS = [{ name: 'VoiceDesk project', extensions: ['voicedesk'] }]
export const EXPORT_FILTERS = [
  { name: 'Markdown', extensions: ['md'] },
  { name: 'Plain text', extensions: ['txt'] },
]

/** A save dialog's answer for a file of any name: the extension is added only when none is typed. */
export function anyExtension(extension: string): SaveExtension {
  return { extension, accepts: () => true }
}

/** A save dialog's first name: the title, else the file's own name, without unsafe characters. */
export function suggestedFileName(project: Project, path: string | null, ext: string): string {
  const name = project.title.trim() || (path === null ? 'Untitled script' : titleOf(path))
  return `${name.replace(/[\\/:*?"<>|]+/g, '-')}${ext}`
}
