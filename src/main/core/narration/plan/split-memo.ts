import type { TextMark } from '../../../../shared/domain/text-marks'
import type { PieceText, SplitOptions } from './split-block'
import { splitBlock } from './split-block'

/** How a block is cut into request texts: {@link splitBlock}, or a stand-in in tests. */
export type BlockSplitter = (
  block: { id: string; text: string; ssml: boolean; marks?: readonly TextMark[] },
  options: SplitOptions,
) => PieceText[]

/**
 * The memo's bound, counted in its keys' UTF-16 units (each block's text with a few short fields):
 * a long book or two. A rough bound on memory, not an exact one: the cut texts kept beside each key
 * are about as long again, plus their spans.
 */
const DEFAULT_MAX_CHARS = 2_000_000

/**
 * The request texts of blocks planned before, so planning a script again after an edit cuts only
 * the blocks that changed. Why: cutting is nearly all of a plan's time (atoms, sentence ends,
 * lexicon), and the editor's estimates and every render plan the whole script, one paragraph of
 * which usually differs from the last time. A block's texts depend only on its text, whether it is
 * SSML, its marks, the lexicon, the language and the size limit, which together are the key; the least
 * recently used entries go first past `maxChars`. Results are shared between plans: read only.
 */
export class SplitMemo {
  private readonly entries = new Map<string, PieceText[]>()
  private chars = 0

  constructor(
    private readonly split: BlockSplitter = splitBlock,
    private readonly maxChars = DEFAULT_MAX_CHARS,
  ) {}

  /**
   * The request texts of `block`, cut now or remembered. `lexiconKey` names the lexicon that
   * `options.lexicon` was compiled from (equal keys, equal lexicons).
   */
  splitBlock(
    block: { id: string; text: string; ssml: boolean; marks?: readonly TextMark[] },
    options: SplitOptions,
    lexiconKey: string,
  ): PieceText[] {
    const key = [
      block.ssml ? 's' : 'p',
      options.locale,
      String(options.maxCodePoints),
      lexiconKey,
      // A plain block's marks change its requests as its text does.
      block.ssml || block.marks === undefined ? '' : JSON.stringify(block.marks),
      block.text,
    ].join('\u0000')
    const known = this.entries.get(key)
    if (known) {
      // Most recently used last, so the oldest entry is the first to go.
      this.entries.delete(key)
      this.entries.set(key, known)
      return known
    }
    const texts = this.split(block, options)
    this.entries.set(key, texts)
    this.chars += key.length
    for (const [oldest] of this.entries) {
      if (this.chars <= this.maxChars) break
      this.entries.delete(oldest)
      this.chars -= oldest.length
    }
    return texts
  }
}
