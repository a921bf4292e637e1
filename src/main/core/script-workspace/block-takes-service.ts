import type { Project } from '../../../shared/domain/script'
import type { BlockAudio, RegeneratedTake } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import type { UpstreamClient } from '../upstream/upstream-client'
import { countedSpeechSource } from '../usage/counted-speech-source'
import type { UsageStore } from '../usage/usage-store'
import { cachedBlockAudio } from './block-audio'
import { cachedTakesAbove, listTakes, makeTake, projectAtTake, TakeLedger } from './block-takes'
import { usageNameOf } from './script-renders'
import type { ScriptDocuments } from './script-documents'

/** What regenerating blocks needs from the Script workspace. */
export interface BlockTakesOptions {
  documents: ScriptDocuments
  jobs: JobRegistry
  client: () => UpstreamClient
  cache: () => Promise<PieceCache>
  usage?: Pick<UsageStore, 'record'>
}

/**
 * Regenerated takes of an open document's blocks: make a new take of one block (billed for that
 * block alone, counted under the script's name), list the takes kept, play one. Which take the
 * render uses is the block's own `take`, an edit of the document the page makes and main keeps.
 */
export class BlockTakesService {
  readonly #ledger = new TakeLedger()

  constructor(private readonly options: BlockTakesOptions) {}

  /**
   * Makes the next take of a block of an open document as of `revision`, as a job of the window
   * that asked (closing it stops the request); the answer is the new take, not chosen yet.
   */
  async regenerate(
    ownerId: number,
    docId: string,
    revision: number,
    blockId: string,
  ): Promise<RegeneratedTake> {
    const { documents } = this.options
    // Read before anything is awaited: the take is of the block as the page saw it.
    const project = documents.plannedAt(docId, revision)
    const block = project.blocks.find((b) => b.id === blockId)
    if (block === undefined)
      throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
    const docKey = documents.keyOf(docId)
    const cache = await this.options.cache()
    await this.#noteEarlierTakes(project, docKey, blockId, cache)
    const take = this.#ledger.reserve(docKey, blockId, block.take ?? 1)
    try {
      const source = countedSpeechSource(
        // Someone is waiting for it: ahead of a running render's pieces, like a preview.
        upstreamSpeechSource(this.options.client(), { priority: 5 }),
        this.options.usage,
        usageNameOf(project, documents.pathOf(docId)),
      )
      const ticket = this.options.jobs.start({
        kind: 'regenerate',
        ownerId,
        run: ({ signal }) => makeTake(project, blockId, take, cache, source, signal),
      })
      return await ticket.done
    } catch (error) {
      // Why give the number back: no take was made under it, and the next try should use it.
      this.#ledger.release(docKey, blockId, take)
      throw error
    }
  }

  /** The takes of a block (its current text) that are kept, newest first, the chosen one marked. */
  async list(docId: string, revision: number, blockId: string): Promise<RegeneratedTake[]> {
    const { documents } = this.options
    const project = documents.plannedAt(docId, revision)
    const block = project.blocks.find((b) => b.id === blockId)
    if (block === undefined)
      throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
    const docKey = documents.keyOf(docId)
    const cache = await this.options.cache()
    await this.#noteEarlierTakes(project, docKey, blockId, cache)
    const numbers = this.#ledger.known(docKey, blockId, block.take ?? 1)
    return listTakes(project, blockId, numbers, cache)
  }

  /** Adds to the ledger the takes of this block that an earlier session left in the cache. */
  async #noteEarlierTakes(
    project: Project,
    docKey: string,
    blockId: string,
    cache: PieceCache,
  ): Promise<void> {
    const block = project.blocks.find((b) => b.id === blockId)
    const known = this.#ledger.known(docKey, blockId, block?.take ?? 1)
    const earlier = await cachedTakesAbove(project, blockId, Math.max(...known), cache)
    this.#ledger.note(docKey, blockId, earlier)
  }

  /** One take's audio from the cache (no request); NOT_FOUND when it is no longer kept. */
  async audio(docId: string, revision: number, blockId: string, take: number): Promise<BlockAudio> {
    const project = this.options.documents.plannedAt(docId, revision)
    return cachedBlockAudio(
      projectAtTake(project, blockId, take),
      blockId,
      await this.options.cache(),
    )
  }
}
