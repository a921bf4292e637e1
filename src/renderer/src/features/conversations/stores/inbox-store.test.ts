import { beforeEach, describe, expect, it } from 'vitest'
import type { BatchExportEnded } from '../../../../../shared/domain/conversation-inbox'
import { NO_FILTERS } from '../hooks/inbox-filter'
import { useInboxStore } from './inbox-store'

const ended = (jobId: string): BatchExportEnded => ({
  jobId,
  ok: true,
  result: {
    conversations: 3,
    csvPath: '/out/a.csv',
    jsonlPath: '/out/a.jsonl',
    bytes: 640,
    skipped: [],
  },
})

describe('the inbox store follows a batch export', () => {
  beforeEach(() => useInboxStore.getState().setExportState({ phase: 'idle' }))

  it('keeps progress that comes before the export started, and applies it when it does', () => {
    const store = useInboxStore.getState()
    store.setExportState({ phase: 'choosing' })
    store.exportProgress({ jobId: 'job_1', done: 2, total: 5 })
    expect(useInboxStore.getState().exportState).toEqual({ phase: 'choosing' })
    store.exportStarted('job_1', '/out', 5)
    expect(useInboxStore.getState().exportState).toEqual({
      phase: 'running',
      jobId: 'job_1',
      folder: '/out',
      done: 2,
      total: 5,
      // Counting conversations exported, not still finding the ones a filter matches.
      listing: false,
    })
  })

  it('ends at once when the end came before the export started', () => {
    const store = useInboxStore.getState()
    store.setExportState({ phase: 'choosing' })
    store.exportEnded(ended('job_2'))
    store.exportStarted('job_2', '/out', 3)
    expect(useInboxStore.getState().exportState).toEqual({
      phase: 'ended',
      outcome: ended('job_2'),
      folder: '/out',
    })
  })

  it("applies the running export's events and ignores those of another export", () => {
    const store = useInboxStore.getState()
    store.setExportState({ phase: 'choosing' })
    store.exportStarted('job_3', '/out', 4)
    store.exportProgress({ jobId: 'job_old', done: 9, total: 9 })
    store.exportEnded(ended('job_old'))
    expect(useInboxStore.getState().exportState).toMatchObject({ phase: 'running', done: 0 })
    store.exportProgress({ jobId: 'job_3', done: 3, total: 4 })
    expect(useInboxStore.getState().exportState).toMatchObject({ done: 3, total: 4 })
    store.exportEnded(ended('job_3'))
    expect(useInboxStore.getState().exportState).toEqual({
      phase: 'ended',
      outcome: ended('job_3'),
      folder: '/out',
    })
  })
})

describe('the inbox store keeps where a drilled list came from', () => {
  beforeEach(() => useInboxStore.getState().clearFilters())

  it('until the user changes a filter by hand', () => {
    const store = useInboxStore.getState()
    const chart = { ...NO_FILTERS, status: 'failed', from: '2026-11-22', to: '2026-11-22' }
    store.setSearch('late')
    store.drillFromOverview(chart)
    let state = useInboxStore.getState()
    expect(state).toMatchObject({ tab: 'inbox', filters: chart, drilled: chart, search: '' })
    // Going back to the overview and returning keeps it: the list is still the chart's.
    state.setTab('overview')
    state.setTab('inbox')
    expect(useInboxStore.getState().drilled).toEqual(chart)
    useInboxStore.getState().setFilter('status', '')
    state = useInboxStore.getState()
    expect(state.drilled).toBeNull()
    expect(state.filters).toEqual({ ...chart, status: '' })
  })

  it('and forgets it when the filters are cleared', () => {
    const store = useInboxStore.getState()
    store.drillFromOverview({ ...NO_FILTERS, status: 'completed' })
    store.clearFilters()
    expect(useInboxStore.getState().drilled).toBeNull()
  })
})
