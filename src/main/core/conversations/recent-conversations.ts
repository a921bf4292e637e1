import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { Conversation } from '../../../shared/domain/conversation'
import type {
  RecentConversation,
  RecentConversations,
} from '../../../shared/domain/conversation-watch'
import { errnoOf, writeFileAtomic } from '../files/atomic-write'

/** The local list's file inside the user data folder. */
export const RECENT_CONVERSATIONS_FILE = 'conversations.json'

/** Why a cap: the list is a convenience, and a file that grows without end slows every start. */
export const MAX_RECENT_CONVERSATIONS = 500

const entrySchema = z.object({
  id: z.string().min(1).max(200),
  agentId: z.string().nullable(),
  status: z.string().min(1),
  startedAt: z.string().nullable(),
  durationMs: z.number().nonnegative().nullable(),
  lastOpenedAt: z.string().min(1),
})

const fileSchema = z.object({
  version: z.literal(1),
  conversations: z.array(entrySchema).max(MAX_RECENT_CONVERSATIONS * 2),
})

/**
 * The local list of opened conversations (the service offers no list): `<userData>/conversations.json`,
 * zod-validated, written atomically one write at a time; a corrupt file is set aside with a notice.
 */
export class RecentConversationStore {
  readonly path: string
  #items: RecentConversation[]
  #notice: string | null
  #queue: Promise<void> = Promise.resolve()

  private constructor(path: string, items: RecentConversation[], notice: string | null) {
    this.path = path
    this.#items = items
    this.#notice = notice
  }

  /** Loads the list; a missing file is an empty list, an unreadable one is moved aside. */
  static async open(
    userDataDir: string,
    now: () => Date = () => new Date(),
  ): Promise<RecentConversationStore> {
    const path = join(userDataDir, RECENT_CONVERSATIONS_FILE)
    await mkdir(userDataDir, { recursive: true })
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return new RecentConversationStore(path, [], null)
      throw error
    }
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text) as unknown)
      if (parsed.success) {
        return new RecentConversationStore(
          path,
          parsed.data.conversations.slice(0, MAX_RECENT_CONVERSATIONS),
          null,
        )
      }
    } catch {
      // Not JSON: handled below like any other unreadable file.
    }
    // Why move it aside rather than delete: the ids in it can still be recovered by hand.
    const movedTo = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`
    await rename(path, movedTo)
    return new RecentConversationStore(
      path,
      [],
      `The list of opened conversations could not be read, so it starts empty. The old file was kept as ${movedTo}.`,
    )
  }

  /** The list, most recently opened first, with the start-up notice (if any). */
  list(): RecentConversations {
    return { items: [...this.#items], notice: this.#notice }
  }

  /** Hides the start-up notice (the user read it). */
  dismissNotice(): void {
    this.#notice = null
  }

  /** Adds or refreshes an entry; `opened` moves it to the top. */
  async record(
    conversation: Conversation,
    options: { opened: boolean; now?: Date },
  ): Promise<void> {
    const existing = this.#items.find((item) => item.id === conversation.id)
    const entry: RecentConversation = {
      id: conversation.id,
      agentId: conversation.agentId,
      status: conversation.status,
      startedAt: conversation.startedAt,
      durationMs: conversation.durationMs,
      lastOpenedAt:
        options.opened || existing === undefined
          ? (options.now ?? new Date()).toISOString()
          : existing.lastOpenedAt,
    }
    if (
      existing !== undefined &&
      !options.opened &&
      JSON.stringify(existing) === JSON.stringify(entry)
    ) {
      return
    }
    const others = this.#items.filter((item) => item.id !== conversation.id)
    this.#items =
      options.opened || existing === undefined
        ? [entry, ...others].slice(0, MAX_RECENT_CONVERSATIONS)
        : this.#items.map((item) => (item.id === entry.id ? entry : item))
    await this.#save()
  }

  /** Removes an entry; true when it was there. */
  async remove(id: string): Promise<boolean> {
    const before = this.#items.length
    this.#items = this.#items.filter((item) => item.id !== id)
    if (this.#items.length === before) return false
    await this.#save()
    return true
  }

  /** Waits for pending writes. */
  flush(): Promise<void> {
    return this.#queue
  }

  #save(): Promise<void> {
    const snapshot = JSON.stringify({ version: 1, conversations: this.#items }, null, 2)
    const write = this.#queue.then(() => writeFileAtomic(this.path, snapshot))
    this.#queue = write.catch(() => undefined)
    return write
  }
}
