import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type { BlockAudioState, BlockMark } from '../../../shared/domain/script-workspace'
import { isAacContainer, PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { RenderPlan } from '../narration/plan/render-plan'
import {
  blockHashesOffMain,
  lexiconSize,
  OFF_MAIN_MIN_CHARS,
  planRenderOffMain,
  planSize,
  runOffMain,
} from '../narration/offload/plan-offload'
import { planRender } from '../narration/plan/render-plan'

/**
 * Plans one block alone (same defaults, cast and lexicon), off main's event loop when the block is
 * long (see planRenderOffMain). A block's pieces do not depend on its neighbours, so this gives
 * the same hashes as the whole plan at a fraction of the cost; a block without a voice gives null
 * instead of failing the whole document.
 */
export async function planBlock(project: Project, blockId: string): Promise<RenderPlan | null> {
  const block = project.blocks.find((b) => b.id === blockId)
  if (block === undefined) {
    throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
  }
  try {
    return await planRenderOffMain({ ...project, blocks: [block] })
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return null
    throw error
  }
}

/**
 * Piece hashes of blocks, remembered by what they depend on (the project's defaults, cast and
 * lexicon, and the block's own content), so a check after an edit plans only the blocks that
 * changed. Planning a block costs about 0.1-0.2 ms; a 5,000-block script is planned once.
 */
export class BlockPlanMemo {
  #settingsKey = ''
  #byBlock = new Map<string, string[] | null>()
  static readonly MAX_ENTRIES = 200_000

  /** The block's piece hashes (null: no voice resolves for it). */
  hashes(
    project: Project,
    block: ScriptBlock,
    settingsKey = settingsKeyOf(project),
  ): string[] | null {
    const key = this.#keyOf(block, settingsKey)
    const known = this.#byBlock.get(key)
    if (known !== undefined) return known
    const plan = planOne(project, block)
    return this.#remember(key, plan === null ? null : plan.pieces.map((p) => p.hash))
  }

  /** {@link hashes}, planned on the planning thread (for a block too long to plan on main). */
  async hashesOffMain(
    project: Project,
    block: ScriptBlock,
    settingsKey = settingsKeyOf(project),
  ): Promise<string[] | null> {
    const key = this.#keyOf(block, settingsKey)
    const known = this.#byBlock.get(key)
    if (known !== undefined) return known
    let hashes: string[] | null
    try {
      const one = { ...project, blocks: [block] }
      const pieces = await runOffMain({ kind: 'pieces', project: one, options: {} }, planSize(one))
      hashes = pieces.map((p) => p.hash)
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'VALIDATION_FAILED')) throw error
      hashes = null
    }
    // The settings may have changed while the thread worked: remember only what is still current.
    return settingsKey === this.#settingsKey ? this.#remember(key, hashes) : hashes
  }

  /**
   * {@link hashes} of many blocks, those not known yet planned together on the planning thread in
   * batches: what a check does when the lexicon alone is too much to compile on main.
   */
  async hashesOfBlocksOffMain(
    project: Project,
    blocks: readonly ScriptBlock[],
    settingsKey = settingsKeyOf(project),
  ): Promise<(string[] | null)[]> {
    const keys = blocks.map((block) => this.#keyOf(block, settingsKey))
    const out = keys.map((key) => this.#byBlock.get(key))
    const missing = out.flatMap((known, i) => (known === undefined ? [i] : []))
    // Why batches: each carries the lexicon and its blocks to the thread, a copy made on main.
    for (let from = 0; from < missing.length; from += BLOCKS_PER_BATCH) {
      const batch = missing.slice(from, from + BLOCKS_PER_BATCH)
      const batchBlocks = batch.map((i) => blocks[i] as ScriptBlock)
      const hashes = await blockHashesOffMain({ ...project, blocks: batchBlocks })
      batch.forEach((i, k) => {
        const one = hashes[k] ?? null
        out[i] = one
        // The settings may have changed while the thread worked: remember only what is current.
        if (settingsKey === this.#settingsKey) this.#remember(keys[i] as string, one)
      })
    }
    return out.map((hashes) => hashes ?? null)
  }

  #keyOf(block: ScriptBlock, settingsKey: string): string {
    if (settingsKey !== this.#settingsKey) {
      // Why drop everything: a change of defaults, cast or lexicon can change every piece.
      this.#settingsKey = settingsKey
      this.#byBlock.clear()
    }
    const { id: _id, chapter: _chapter, ...content } = block
    return JSON.stringify(content)
  }

  #remember(key: string, hashes: string[] | null): string[] | null {
    if (this.#byBlock.size >= BlockPlanMemo.MAX_ENTRIES) this.#byBlock.clear()
    this.#byBlock.set(key, hashes)
    return hashes
  }
}

/** Blocks sent to the planning thread in one task by {@link BlockPlanMemo.hashesOfBlocksOffMain}. */
const BLOCKS_PER_BATCH = 500

/** What every block's plan depends on besides the block itself. */
export function settingsKeyOf(project: Project): string {
  return JSON.stringify([project.defaults, project.cast, project.lexicon])
}

function planOne(project: Project, block: ScriptBlock): RenderPlan | null {
  try {
    return planRender({ ...project, blocks: [block] })
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return null
    throw error
  }
}

/** What the marks read from the cache: whether a piece is there, and its audio's size. */
export type MarkCache = Pick<PieceCache, 'has'> & Partial<Pick<PieceCache, 'bytesOf'>>

function stateOf(
  hashes: string[] | null,
  cache: Pick<PieceCache, 'has'>,
  rendered: readonly string[] | undefined,
): BlockAudioState {
  if (hashes === null) return 'no-voice'
  if (hashes.length === 0) return 'empty'
  if (hashes.every((h) => cache.has(h))) return 'cached'
  return rendered !== undefined && rendered.length > 0 ? 'stale' : 'new'
}

/**
 * A block's mark; a rendered block's length is worked out from its pieces' sizes (16-bit mono
 * PCM at the engine's rate), with no file read, so the marks stay as cheap as the cache index.
 * Pieces kept as AAC have no length this way: their mark says "rendered" alone.
 */
function markOf(
  hashes: string[] | null,
  cache: MarkCache,
  rendered: readonly string[] | undefined,
  pcm: boolean,
): BlockMark {
  const state = stateOf(hashes, cache, rendered)
  if (state !== 'cached' || !pcm || hashes === null || cache.bytesOf === undefined) return { state }
  let bytes = 0
  for (const hash of hashes) bytes += cache.bytesOf(hash) ?? 0
  return { state, seconds: bytes / (2 * PCM_SAMPLE_RATE) }
}

/**
 * The audio state of blocks (all, or the listed ones): cached (with its length) when every piece
 * is in the cache, stale when it was rendered before with other pieces, new otherwise.
 */
export function blockStates(
  project: Project,
  cache: MarkCache,
  rendered: Readonly<Record<string, readonly string[]>>,
  blockIds?: readonly string[],
  memo = new BlockPlanMemo(),
): Record<string, BlockMark> {
  const states: Record<string, BlockMark> = {}
  const pcm = !isAacContainer(project.defaults.format)
  const wanted = blockIds === undefined ? null : new Set(blockIds)
  const settingsKey = settingsKeyOf(project)
  for (const block of project.blocks) {
    if (wanted !== null && !wanted.has(block.id)) continue
    const hashes = memo.hashes(project, block, settingsKey)
    states[block.id] = markOf(hashes, cache, rendered[block.id], pcm)
  }
  return states
}

/**
 * `blockStates` in slices of about `sliceMs`, yielding to the event loop between them, so a
 * first check of a long script never holds main (IPC, rendering progress) for a second; a block
 * of {@link OFF_MAIN_MIN_CHARS} or more is planned on the planning thread, and so is every block
 * when the lexicon is that large (compiling it is then main's longest stall, see planSize).
 */
export async function blockStatesInSlices(
  project: Project,
  cache: MarkCache,
  rendered: Readonly<Record<string, readonly string[]>>,
  blockIds: readonly string[] | undefined,
  memo: BlockPlanMemo,
  sliceMs = 12,
): Promise<Record<string, BlockMark>> {
  const states: Record<string, BlockMark> = {}
  const pcm = !isAacContainer(project.defaults.format)
  const wanted = blockIds === undefined ? null : new Set(blockIds)
  const settingsKey = settingsKeyOf(project)
  if (lexiconSize(project) >= OFF_MAIN_MIN_CHARS) {
    const blocks = project.blocks.filter((block) => wanted === null || wanted.has(block.id))
    const hashes = await memo.hashesOfBlocksOffMain(project, blocks, settingsKey)
    blocks.forEach((block, i) => {
      states[block.id] = markOf(hashes[i] ?? null, cache, rendered[block.id], pcm)
    })
    return states
  }
  let sliceStart = performance.now()
  for (const block of project.blocks) {
    if (wanted !== null && !wanted.has(block.id)) continue
    const hashes =
      block.text.length >= OFF_MAIN_MIN_CHARS
        ? await memo.hashesOffMain(project, block, settingsKey)
        : memo.hashes(project, block, settingsKey)
    states[block.id] = markOf(hashes, cache, rendered[block.id], pcm)
    if (performance.now() - sliceStart > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
  }
  return states
}
