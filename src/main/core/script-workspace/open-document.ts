import type { Project, ScriptBlock } from '../../../shared/domain/script'
import { MAX_BLOCKS, MAX_SCRIPT_TEXT, createProject } from '../../../shared/domain/script'
import type { DocumentChanges } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import { limitSentence } from '../../../shared/limits'

type Meta = Pick<Project, 'title' | 'defaults' | 'cast' | 'lexicon' | 'publishing' | 'cleanup'>

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
  #revision = 0

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
    this.#checkLimits(changes)
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
    this.#revision += 1
  }

  /**
   * How many changes main applied since the document was opened (0 at open). The page names the
   * revision it has seen with every operation, so main never works from a copy the page has
   * already moved past.
   */
  get revision(): number {
    return this.#revision
  }

  /**
   * The document as a project, when the page has seen `revision`. Why refuse a mismatch: the
   * page's edits after that revision have not reached main, and rendering, saving or previewing
   * an older script would spend requests or write a file the user did not mean.
   */
  projectAt(revision: number): Project {
    if (revision !== this.#revision) {
      throw new AppError(
        'CONFLICT',
        'The script changed while this was on its way, so VoiceDesk did not act on an older version. Try again: your latest edits are kept.',
        { details: { staleRevision: { seen: revision, current: this.#revision } } },
      )
    }
    return this.project()
  }

  /**
   * Refuses changes that would take the document past what a project may hold. Why: each change
   * is bounded by the contract, but a stream of them could grow main's copy past the limits, and
   * it then could not be saved, sent back or recovered from its draft.
   */
  #checkLimits(changes: DocumentChanges): void {
    const incoming = new Map(changes.blocks.map((block) => [block.id, block] as const))
    let count = 0
    let text = 0
    const add = (block: ScriptBlock | undefined): void => {
      if (block === undefined) return
      count += 1
      text += block.text.length
    }
    if (changes.order !== undefined) {
      for (const id of changes.order) add(incoming.get(id) ?? this.#blocks.get(id))
    } else {
      for (const [id, block] of this.#blocks) add(incoming.get(id) ?? block)
      for (const [id, block] of incoming) if (!this.#blocks.has(id)) add(block)
    }
    const over =
      count > MAX_BLOCKS
        ? { maximum: MAX_BLOCKS, message: limitSentence('A script', MAX_BLOCKS, 'blocks', count) }
        : text > MAX_SCRIPT_TEXT
          ? {
              maximum: MAX_SCRIPT_TEXT,
              message: limitSentence('A script', MAX_SCRIPT_TEXT, 'characters of text', text),
            }
          : null
    if (over !== null) {
      throw new AppError('VALIDATION_FAILED', over.message, {
        details: { limit: { maximum: over.maximum } },
      })
    }
  }

  /**
   * Starts the document again from `project` at revision 0, as a fresh import. Why only while
   * untouched: once the page edits a document, its text changes only through its edits.
   */
  restart(project: Project, unsavedImport: boolean): void {
    if (this.#revision !== 0 || !unsavedImport) throw alreadyEdited()
    this.#blocks.clear()
    for (const block of project.blocks) this.#blocks.set(block.id, block)
    this.#order = project.blocks.map((block) => block.id)
    this.#meta = metaOf(project)
    this.#project = project
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
}

/** An empty script: one empty block, ready to type into. */
export function emptyProject(): Project {
  return createProject({ title: '', blocks: [{ id: crypto.randomUUID(), text: '' }] })
}

/** A clean-up review's answer for an import the page already opened and edits. */
export function alreadyEdited(): AppError {
  return new AppError(
    'CONFLICT',
    'This import is already open for editing; use Edit > Clean Up Text instead.',
  )
}

/** The document-wide part of a project: everything but its blocks. */
export function metaOf(project: Project): Meta {
  return {
    title: project.title,
    defaults: project.defaults,
    cast: project.cast,
    lexicon: project.lexicon,
    publishing: project.publishing,
    ...(project.cleanup !== undefined ? { cleanup: project.cleanup } : {}),
  }
}
