/** The page's ways to wait: for a frame, for a task of its own, for a time (stand-ins in tests). */
export interface FrameHost {
  /** Runs `run` before the next frame is drawn; returns a cancel. */
  requestFrame(run: () => void): () => void
  /** Runs `run` in a task of its own, as soon as the thread is free; returns a cancel. */
  postTask(run: () => void): () => void
  /** Runs `run` after `ms`; returns a cancel. */
  after(run: () => void, ms: number): () => void
}

/**
 * How long a change waits for a frame before it is applied anyway. Why: a hidden or minimised
 * window draws no frames, and a change made there (a filter cleared from elsewhere) must not wait
 * for the window to be shown again.
 */
export const NO_FRAME_MS = 100

/** The browser's own frame, task and timer. */
export const browserFrames: FrameHost = {
  requestFrame(run) {
    const id = requestAnimationFrame(() => run())
    return () => cancelAnimationFrame(id)
  },
  postTask(run) {
    const channel = new MessageChannel()
    let live = true
    channel.port1.onmessage = () => {
      channel.port1.close()
      if (live) run()
    }
    channel.port2.postMessage(null)
    return () => {
      live = false
      channel.port1.close()
    }
  },
  after(run, ms) {
    const id = setTimeout(run, ms)
    return () => clearTimeout(id)
  },
}

/** Applies changes once a frame has been drawn after them; see {@link afterPaint}. */
export interface PaintFollower {
  /** Something changed: apply it after the next painted frame (once for all changes until then). */
  changed(): void
  /** No more applies: a waiting one is dropped. */
  dispose(): void
}

/**
 * Calls `apply` in the first task after the next frame, once for however many `changed()` calls
 * came before that frame. Why: work started from a keystroke (the inbox's rows for a search) that
 * runs before the frame makes the typed letter wait for its layout and paint; after the frame,
 * the letter is already on screen, and the keys typed meanwhile are applied together.
 */
export function afterPaint(apply: () => void, host: FrameHost = browserFrames): PaintFollower {
  let cancels: (() => void)[] = []
  let waiting = false
  const cancelAll = (): void => {
    for (const cancel of cancels) cancel()
    cancels = []
  }
  const framed = (): void => {
    if (!waiting) return
    cancelAll()
    cancels.push(
      host.postTask(() => {
        cancels = []
        waiting = false
        apply()
      }),
    )
  }
  return {
    changed() {
      if (waiting) return
      waiting = true
      cancels.push(host.requestFrame(framed), host.after(framed, NO_FRAME_MS))
    },
    dispose() {
      waiting = false
      cancelAll()
    },
  }
}
