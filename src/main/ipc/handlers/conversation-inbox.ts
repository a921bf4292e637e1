import type {
  BatchExportResult,
  InboxServerFilters,
} from '../../../shared/domain/conversation-inbox'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { Clock } from '../../core/clock'
import type { ExportedFiles } from '../../core/conversations/exported-files'
import { conversationIdsMatching } from '../../core/conversations/filter-export'
import type { InboxService } from '../../core/conversations/inbox-service'
import type { JobRegistry } from '../../core/jobs/job-registry'
import type { UpstreamClient } from '../../core/upstream/upstream-client'
import type { PlatformPorts } from '../../core/platform-ports'
import type { Handlers } from '../dispatch'

type InboxHandlers = Pick<
  Handlers,
  | 'conversations:list'
  | 'conversations:agents'
  | 'conversations:stats'
  | 'conversations:evaluationSummaries'
  | 'conversations:watchInbox'
  | 'conversations:exportBatch'
  | 'conversations:revealExport'
>

/** The core batch export (core/conversations/batch-export.ts), shared with the CLI. */
export type ExportConversationBatch = (options: {
  client: UpstreamClient
  ids: string[]
  folder: string
  signal?: AbortSignal
  onProgress?: (p: { done: number; total: number }) => void
  clock?: Clock
}) => Promise<BatchExportResult>

/** Every call a filter matches (main pages the list), reported as `listing` progress. */
async function idsOfFilter(
  client: UpstreamClient,
  filter: InboxServerFilters,
  job: {
    signal: AbortSignal
    progress: (p: { done: number; total: number; listing: true }) => void
  },
): Promise<string[]> {
  const ids = await conversationIdsMatching(client, filter, job.signal, (listed) =>
    job.progress({ done: 0, total: listed, listing: true }),
  )
  if (ids.length === 0) {
    throw new AppError(
      'NOT_FOUND',
      'No conversation matches these filters any more, so nothing was exported. Change the filters and export again.',
    )
  }
  return ids
}

/** `conversations:*` handlers of the inbox: thin, the work is in core/conversations. */
export function createInboxHandlers(deps: {
  inbox: InboxService
  jobs: JobRegistry
  platform: PlatformPorts
  client: () => UpstreamClient
  exportBatch: ExportConversationBatch
  /** The files exports wrote per window, the only ones Show in folder reveals. */
  exported: ExportedFiles
  clock?: Clock
}): InboxHandlers {
  const { inbox, jobs, platform } = deps
  return {
    'conversations:list': (query) => inbox.list(query),
    'conversations:agents': () => inbox.agents(),
    'conversations:stats': () => inbox.stats(),
    'conversations:evaluationSummaries': ({ ids }) => inbox.evaluationSummaries(ids),
    'conversations:watchInbox': ({ watching }, { sender, emit }) => {
      inbox.watch(sender.webContentsId, watching, (update) => emit('conversations:inbox', update))
    },
    'conversations:exportBatch': async (input, { sender, emit }) => {
      // Checked before the dialog: a signed-out user learns that first, not after picking a folder.
      const client = deps.client()
      // Why main asks for the folder: the page never names a place for main to write.
      const chosen = await platform.showOpenDialog(sender.webContentsId, {
        title: 'Export conversations to a folder',
        filters: [],
        directory: true,
      })
      const folder = chosen?.[0]
      if (folder === undefined) return null
      // The job's id, known from the moment it runs (progress may come before start() returns).
      let jobId = ''
      const ticket = jobs.start<
        { done: number; total: number; listing?: boolean },
        BatchExportResult
      >({
        kind: 'conversation-batch-export',
        ownerId: sender.webContentsId,
        run: async (job) => {
          jobId = job.id
          const ids = input.ids ?? (await idsOfFilter(client, input.filter ?? {}, job))
          return deps.exportBatch({
            client,
            ids,
            folder,
            signal: job.signal,
            onProgress: (value) => job.progress(value),
            ...(deps.clock ? { clock: deps.clock } : {}),
          })
        },
        onProgress: ({ done, total, listing }) =>
          emit('conversations:exportProgress', {
            jobId,
            done,
            total,
            ...(listing === true ? { listing } : {}),
          }),
        onSettled: (outcome) => {
          if (outcome.ok) {
            deps.exported.remember(sender.webContentsId, outcome.value.csvPath)
            deps.exported.remember(sender.webContentsId, outcome.value.jsonlPath)
          }
          emit(
            'conversations:exportEnded',
            outcome.ok
              ? { jobId, ok: true, result: outcome.value }
              : {
                  jobId,
                  ok: false,
                  error: toAppErrorData(outcome.error, {
                    message:
                      'The export stopped on an unexpected error. Try again; if it happens again, the log has the details.',
                    retryable: false,
                  }),
                },
          )
        },
      })
      return { jobId: ticket.id, folder }
    },
    'conversations:revealExport': ({ path }, { sender }) =>
      platform.showItemInFolder(deps.exported.revealable(sender.webContentsId, path)),
  }
}
