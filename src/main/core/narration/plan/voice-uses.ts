import type { Project } from '../../../../shared/domain/script'
import { STYLE_ELEMENT } from '../../../../shared/domain/text-marks'
import type { RenderPlan } from './render-plan'

/** Where a block's voice comes from, so a problem can name what the user has to change. */
export type VoiceSource =
  { kind: 'block' } | { kind: 'cast'; speaker: string } | { kind: 'default' }

/**
 * One voice as a render uses it: the voice, the model and language it is asked for, where the
 * choice comes from, and the blocks (0-based, in order) that use it this way.
 */
export interface VoiceUse {
  voiceId: string
  model: string | null
  language: string | null
  source: VoiceSource
  /** The first few blocks (0-based) using it: enough to point at, small for any script. */
  blocks: number[]
  /** How many blocks use it in all. */
  blockCount: number
  /**
   * The emotions its blocks ask of it, each with the first block (0-based) that does, and whether
   * the block asks in its own SSML (a style tag the author wrote) rather than with a mark.
   */
  emotions?: { emotion: string; block: number; inSsml?: boolean }[]
}

/** The service's style element with an `emotion` attribute, as an author writes it in SSML. */
const STYLE_TAG = new RegExp(
  `<${STYLE_ELEMENT}\\b[^>]*?\\bemotion\\s*=\\s*(?:"([^"]*)"|'([^']*)')`,
  'gi',
)

/**
 * The emotions a block asks for: its marks', or the style tags of an SSML block. Why SSML too: the
 * service refuses a style its voice lacks, and a render would stop there after paying for the
 * pieces before it.
 */
function emotionsOf(project: Project, blockIndex: number): string[] {
  const block = project.blocks[blockIndex]
  if (block === undefined) return []
  if (block.ssml) {
    const found = [...block.text.matchAll(STYLE_TAG)].map((m) => (m[1] ?? m[2] ?? '').trim())
    return [...new Set(found.filter((emotion) => emotion !== ''))]
  }
  if (block.marks === undefined) return []
  return [...new Set(block.marks.flatMap((m) => (m.kind === 'emotion' ? [m.value] : [])))]
}

/** What the checks before a render need of its plan, small enough to cross between threads. */
export interface PlanSummary {
  uses: VoiceUse[]
  /** Each piece's cache key and billable characters, in order (a repeat is listed again). */
  pieces: { hash: string; billableCharacters: number }[]
  /** Every pause of the plan, added up. */
  pauseMs: number
}

/** Blocks kept per use: the message names a few and counts the rest. */
const BLOCKS_KEPT = 5

function sourceOf(project: Project, blockIndex: number): VoiceSource {
  const block = project.blocks[blockIndex]
  if (block?.voiceId) return { kind: 'block' }
  if (block?.speaker && project.cast[block.speaker]) return { kind: 'cast', speaker: block.speaker }
  return { kind: 'default' }
}

/**
 * The distinct voice uses of a plan: one per voice, model, language and source (a block's own
 * voice, a cast entry, the default), in order of first use. Only blocks with something to say
 * count: a block with no pieces sends nothing, so its voice is never asked for.
 */
export function voiceUsesOfPlan(project: Project, plan: RenderPlan): VoiceUse[] {
  const uses = new Map<string, VoiceUse>()
  for (const block of plan.blocks) {
    const first = plan.pieces[block.pieceIndexes[0] ?? -1]
    if (first === undefined) continue
    const { voiceId, model, language } = first.request
    const source = sourceOf(project, block.index)
    const key = JSON.stringify([
      voiceId,
      model,
      language,
      source.kind,
      source.kind === 'cast' ? source.speaker : '',
    ])
    let use = uses.get(key)
    if (use === undefined) {
      use = { voiceId, model, language, source, blocks: [block.index], blockCount: 1 }
      uses.set(key, use)
    } else {
      if (use.blocks.length < BLOCKS_KEPT) use.blocks.push(block.index)
      use.blockCount += 1
    }
    const inSsml = project.blocks[block.index]?.ssml === true
    for (const emotion of emotionsOf(project, block.index)) {
      use.emotions ??= []
      if (!use.emotions.some((e) => e.emotion === emotion)) {
        use.emotions.push({ emotion, block: block.index, ...(inSsml ? { inSsml } : {}) })
      }
    }
  }
  return [...uses.values()]
}

/** The summary of a plan the checks before a render read (see {@link PlanSummary}). */
export function summarizePlan(project: Project, plan: RenderPlan): PlanSummary {
  return {
    uses: voiceUsesOfPlan(project, plan),
    pieces: plan.pieces.map((p) => ({ hash: p.hash, billableCharacters: p.billableCharacters })),
    pauseMs: plan.blocks.reduce((sum, b) => sum + b.pauseAfterMs, 0),
  }
}
