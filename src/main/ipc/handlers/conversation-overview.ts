import type { ConversationOverview } from '../../../shared/domain/conversation-overview'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { JobRegistry } from '../../core/jobs/job-registry'
import { isKnownTimeZone } from '../../core/conversations/overview/local-days'
import type {
  OverviewReadProgress,
  OverviewService,
} from '../../core/conversations/overview/overview-service'
import type { Handlers } from '../dispatch'

/** `conversations:overview`: thin, the paging and counting are in core/conversations/overview. */
export function createOverviewHandlers(deps: {
  overview: OverviewService
  jobs: JobRegistry
}): Pick<Handlers, 'conversations:overview'> {
  const { overview, jobs } = deps
  return {
    'conversations:overview': async ({ days, agentId, timeZone, refresh }, { sender, emit }) => {
      if (!isKnownTimeZone(timeZone)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The overview could not tell your time zone. Check the time zone in your system settings.',
        )
      }
      const request = { days, agentId, timeZone }
      const kept = refresh === true ? null : overview.cached(request)
      if (kept !== null) return { ready: true as const, overview: kept }
      // The saved figures paint first; the job then reads only what changed since.
      const saved = await overview.saved(request)
      let jobId = ''
      const ticket = jobs.start<OverviewReadProgress, ConversationOverview>({
        kind: 'conversation-overview',
        ownerId: sender.webContentsId,
        run: (job) => {
          jobId = job.id
          return overview.read(request, job.signal, (progress) =>
            // The counted figures are sent at once: a later progress must not replace them unseen.
            job.progress(progress, { immediately: progress.counted !== undefined }),
          )
        },
        onProgress: (progress) => emit('conversations:overviewProgress', { jobId, ...progress }),
        onSettled: (outcome) =>
          emit(
            'conversations:overviewEnded',
            outcome.ok
              ? { jobId, ok: true, overview: outcome.value }
              : {
                  jobId,
                  ok: false,
                  error: toAppErrorData(outcome.error, {
                    message:
                      'The overview could not be read because of an unexpected error. Try again; if it happens again, the log has the details.',
                    retryable: true,
                  }),
                },
          ),
      })
      return { ready: false as const, jobId: ticket.id, saved }
    },
  }
}
