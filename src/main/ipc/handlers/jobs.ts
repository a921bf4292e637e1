import type { JobRegistry } from '../../core/jobs/job-registry'
import type { Handlers } from '../dispatch'

/** `jobs:*` handlers: a window may cancel only the jobs it started. */
export function createJobHandlers(jobs: JobRegistry): Pick<Handlers, 'jobs:cancel'> {
  return {
    'jobs:cancel': ({ jobId }, { sender }) => ({
      cancelled: jobs.cancel(jobId, sender.webContentsId),
    }),
  }
}
