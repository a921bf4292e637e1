import { describe, expect, it } from 'vitest'
import type { FrameHost } from './after-paint'
import { afterPaint, NO_FRAME_MS } from './after-paint'

/** A page by hand: frames, tasks and timers run only when the test says so. */
function manualPage(): FrameHost & {
  frame(): void
  tasks(): void
  elapse(ms: number): void
  waiting(): number
} {
  let frames: (() => void)[] = []
  let tasks: (() => void)[] = []
  let timers: { at: number; run: () => void }[] = []
  let now = 0
  const remover =
    <T>(list: () => T[], set: (next: T[]) => void, item: T) =>
    () =>
      set(list().filter((x) => x !== item))
  return {
    requestFrame(run) {
      frames.push(run)
      return remover(
        () => frames,
        (next) => (frames = next),
        run,
      )
    },
    postTask(run) {
      tasks.push(run)
      return remover(
        () => tasks,
        (next) => (tasks = next),
        run,
      )
    },
    after(run, ms) {
      const timer = { at: now + ms, run }
      timers.push(timer)
      return remover(
        () => timers,
        (next) => (timers = next),
        timer,
      )
    },
    frame() {
      const due = frames
      frames = []
      for (const run of due) run()
    },
    tasks() {
      const due = tasks
      tasks = []
      for (const run of due) run()
    },
    elapse(ms) {
      now += ms
      const due = timers.filter((t) => t.at <= now)
      timers = timers.filter((t) => t.at > now)
      for (const t of due) t.run()
    },
    waiting: () => frames.length + tasks.length + timers.length,
  }
}

describe('afterPaint', () => {
  it('applies a change only in the task after the next frame, never before that frame', () => {
    const page = manualPage()
    let applied = 0
    const follower = afterPaint(() => applied++, page)
    follower.changed()
    page.tasks()
    expect(applied).toBe(0)
    page.frame()
    expect(applied).toBe(0)
    page.tasks()
    expect(applied).toBe(1)
    expect(page.waiting()).toBe(0)
  })

  it('applies the keys typed before one frame once, not once a key', () => {
    const page = manualPage()
    let applied = 0
    const follower = afterPaint(() => applied++, page)
    for (let key = 0; key < 5; key++) follower.changed()
    page.frame()
    follower.changed()
    page.tasks()
    expect(applied).toBe(1)
    follower.changed()
    page.frame()
    page.tasks()
    expect(applied).toBe(2)
  })

  it('applies a change in a window that draws no frames once the wait for one is over', () => {
    const page = manualPage()
    let applied = 0
    const follower = afterPaint(() => applied++, page)
    follower.changed()
    page.elapse(NO_FRAME_MS - 1)
    page.tasks()
    expect(applied).toBe(0)
    page.elapse(1)
    page.tasks()
    expect(applied).toBe(1)
    // The frame that comes late does not apply it again.
    page.frame()
    page.tasks()
    expect(applied).toBe(1)
    expect(page.waiting()).toBe(0)
  })

  it('drops a waiting change once disposed', () => {
    const page = manualPage()
    let applied = 0
    const follower = afterPaint(() => applied++, page)
    follower.changed()
    page.frame()
    follower.dispose()
    page.tasks()
    page.elapse(NO_FRAME_MS)
    expect(applied).toBe(0)
    expect(page.waiting()).toBe(0)
  })
})
