import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type { DocumentChanges } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'

type Meta = Pick<Project, 'title' | 'defaults' | 'cast' | 'lexicon'>

/**
 * Main's copy of a document open in the page, kept current by block-level changes. Why main
 * keeps it: the recovery draft and the block-state checks need the whole script, and sending a
 * 100,000-word script on every pause in typing costs the page more than the edit itself.
 */
export class OpenDocument {
  #meta: Meta
  #order: string[]
  readonly #blocks = new Map<string, ScriptBlock>()
  #project: Project | null = null

  constructor(project: Project) {
    this.#meta = metaOf(project)
    this.#order = project.blocks.map((b) => b.id)
    for (const block of project.blocks) this.#blocks.set(block.id, block)
    this.#project = project
  }

  /**
   * Applies changes as a whole or not at all: an order naming a block main does not have (a
   * change lost on the way) is refused, so the page sends the whole document again.
   */
  apply(changes: DocumentChanges): void {
    const incoming = new Set(changes.blocks.map((b) => b.id))
    const known = (id: string): boolean => this.#blocks.has(id) || incoming.has(id)
    if (changes.order !== undefined) {
      const missing = changes.order.find((id) => !known(id))
      if (missing !== undefined) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The script changed in a way VoiceDesk could not follow; it will send the whole script again.',
        )
      }
      if (new Set(changes.order).size !== changes.order.length) {
        throw new AppError('VALIDATION_FAILED', 'The block order names a block twice.')
      }
    }
    for (const block of changes.blocks) this.#blocks.set(block.id, block)
    if (changes.order !== undefined) {
      this.#order = [...changes.order]
      if (this.#blocks.size !== this.#order.length) {
        const keep = new Set(this.#order)
        for (const id of this.#blocks.keys()) if (!keep.has(id)) this.#blocks.delete(id)
      }
    }
    if (changes.meta !== undefined) this.#meta = changes.meta
    this.#project = null
  }

  /** The document as a project (built once per change). */
  project(): Project {
    this.#project ??= {
      format: 'voicedesk-project',
      version: 1,
      ...this.#meta,
      blocks: this.#order.map((id) => this.#blocks.get(id)!),
    }
    return this.#project
  }

  /** Replaces the whole document (a save sends it in full). */
  replace(project: Project): void {
    this.#meta = metaOf(project)
    this.#order = project.blocks.map((b) => b.id)
    this.#blocks.clear()
    for (const block of project.blocks) this.#blocks.set(block.id, block)
    this.#project = project
  }
}

function metaOf(project: Project): Meta {
  return {
    title: project.title,
    defaults: project.defaults,
    cast: project.cast,
    lexicon: project.lexicon,
  }
}
