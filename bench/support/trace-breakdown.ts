/**
 * Splits a stretch of a Chrome trace (the page's main thread) and of a Node CPU profile (the bench
 * process: main's runtime, the sandbox, Playwright's IPC bridge) into where the time went. Both
 * clocks are the system's monotonic clock in microseconds on Linux (Chrome's TimeTicks and V8's
 * profiler), so one window `[fromUs, toUs]` cuts both.
 */
import { readFile } from 'node:fs/promises'

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { message?: string } }
}

/** Page main-thread time by kind, in ms, over a window; `idle` is the window less every task. */
export interface RendererBreakdown {
  windowMs: number
  tasks: number
  script: number
  gc: number
  style: number
  layout: number
  paint: number
  parse: number
  other: number
  idle: number
  /** Tasks of 8 ms or more, with their start in the window and their largest part. */
  longTasks: { atMs: number; ms: number; main: string }[]
  /** Stretches of 25 ms or more with no task on the page's main thread. */
  gaps: { atMs: number; ms: number }[]
}

/** A stretch with no task this long is listed (shorter ones are the frames' own rhythm). */
const GAP_US = 25_000

const KIND: Record<string, keyof RendererBreakdown> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  RunMicrotasks: 'script',
  V8Execute: 'script',
  'v8.run': 'script',
  'v8.compile': 'script',
  'V8.GC_SCAVENGER': 'gc',
  MinorGC: 'gc',
  MajorGC: 'gc',
  'V8.GCScavenger': 'gc',
  'V8.GCFinalizeMC': 'gc',
  BlinkGC: 'gc',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  LayoutShift: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  CompositeLayers: 'paint',
  'Document::updateStyleAndLayout': 'layout',
  ParseHTML: 'parse',
}

/** The trace's events (a Playwright/CDP trace file is `{traceEvents}` or a bare array). */
export async function readTrace(path: string): Promise<TraceEvent[]> {
  const parsed = JSON.parse(await readFile(path, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] }
  return Array.isArray(parsed) ? parsed : parsed.traceEvents
}

/** The trace's `console.timeStamp(label)` marks, label -> ts (µs), first of each. */
export function traceMarks(events: readonly TraceEvent[]): Map<string, number> {
  const marks = new Map<string, number>()
  for (const e of events) {
    const label = e.name === 'TimeStamp' ? e.args?.data?.message : undefined
    if (label !== undefined && !marks.has(label)) marks.set(label, e.ts)
  }
  return marks
}

/** The page's main thread (the renderer whose CrRendererMain ran the most tasks). */
function rendererMain(events: readonly TraceEvent[]): { pid: number; tid: number } | null {
  const mains = events.filter((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain')
  let best: { pid: number; tid: number } | null = null
  let bestCount = -1
  for (const m of mains) {
    const count = events.filter(
      (e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask',
    ).length
    if (count > bestCount) {
      best = { pid: m.pid, tid: m.tid }
      bestCount = count
    }
  }
  return best
}

/**
 * The page's main-thread time in `[fromUs, toUs]`: each task's time is given to the innermost
 * known kind that covers it (script, GC, style, layout, paint), the rest of a task is `other`,
 * and the time with no task is `idle` (waiting: for main's answer over IPC, for a frame).
 */
export function rendererBreakdown(
  events: readonly TraceEvent[],
  fromUs: number,
  toUs: number,
): RendererBreakdown {
  const out: RendererBreakdown = {
    windowMs: (toUs - fromUs) / 1000,
    ...{ tasks: 0, script: 0, gc: 0, style: 0, layout: 0, paint: 0, parse: 0, other: 0, idle: 0 },
    longTasks: [],
    gaps: [],
  }
  const thread = rendererMain(events)
  if (thread === null) return out
  const slices = events
    .filter(
      (e) =>
        e.pid === thread.pid &&
        e.tid === thread.tid &&
        e.ph === 'X' &&
        e.dur !== undefined &&
        e.ts < toUs &&
        e.ts + e.dur > fromUs,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tasks = slices.filter(
    (e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask',
  )
  // Top-level tasks only (a RunTask nested in another is part of it).
  const top: TraceEvent[] = []
  for (const t of tasks) {
    const last = top.at(-1)
    if (last !== undefined && t.ts < last.ts + (last.dur ?? 0)) continue
    top.push(t)
  }
  let cursor = fromUs
  for (const task of top) {
    const start = Math.max(fromUs, task.ts)
    const end = Math.min(toUs, task.ts + (task.dur ?? 0))
    if (start - cursor >= GAP_US)
      out.gaps.push({ atMs: (cursor - fromUs) / 1000, ms: (start - cursor) / 1000 })
    cursor = Math.max(cursor, end)
    const inside = slices.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0),
    )
    const parts = splitTask(task, inside, start, end)
    out.tasks += (end - start) / 1000
    let main = 'other'
    let mainMs = -1
    for (const [kind, us] of parts) {
      const ms = us / 1000
      out[kind] += ms
      if (ms > mainMs) {
        main = kind
        mainMs = ms
      }
    }
    if (end - start >= 8000)
      out.longTasks.push({ atMs: (start - fromUs) / 1000, ms: (end - start) / 1000, main })
  }
  if (toUs - cursor >= GAP_US)
    out.gaps.push({ atMs: (cursor - fromUs) / 1000, ms: (toUs - cursor) / 1000 })
  out.idle = out.windowMs - out.tasks
  return out
}

type Kind = 'script' | 'gc' | 'style' | 'layout' | 'paint' | 'parse' | 'other'

/** One task's clipped time by kind: each microsecond goes to the innermost known slice over it. */
function splitTask(
  task: TraceEvent,
  inside: readonly TraceEvent[],
  start: number,
  end: number,
): Map<Kind, number> {
  const known = inside.filter((e) => KIND[e.name] !== undefined)
  // Boundaries of every slice, walked in order: the innermost (shortest) covering slice wins.
  const points = new Set<number>([start, end])
  for (const e of known) {
    points.add(Math.min(end, Math.max(start, e.ts)))
    points.add(Math.min(end, Math.max(start, e.ts + (e.dur ?? 0))))
  }
  const sorted = [...points].sort((a, b) => a - b)
  const parts = new Map<Kind, number>()
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!
    const b = sorted[i + 1]!
    if (b <= a) continue
    const mid = (a + b) / 2
    let best: TraceEvent | null = null
    for (const e of known) {
      if (
        e.ts <= mid &&
        mid < e.ts + (e.dur ?? 0) &&
        (best === null || (e.dur ?? 0) < (best.dur ?? 0))
      )
        best = e
    }
    const kind = (best === null ? 'other' : KIND[best.name]) as Kind
    parts.set(kind, (parts.get(kind) ?? 0) + (b - a))
  }
  void task
  return parts
}

/** One line per kind, and the long tasks and gaps in order: a timeline a person reads. */
export function rendererLines(b: RendererBreakdown): string[] {
  const f = (ms: number): string => ms.toFixed(1)
  return [
    `page main thread over ${f(b.windowMs)} ms: tasks ${f(b.tasks)} (script ${f(b.script)}, GC ${f(b.gc)}, style ${f(b.style)}, layout ${f(b.layout)}, paint/composite ${f(b.paint)}, other ${f(b.other)}), no task ${f(b.idle)}`,
    ...[
      ...b.longTasks.map((t) => ({ at: t.atMs, text: `task ${f(t.ms)} ms (mostly ${t.main})` })),
      ...b.gaps.map((g) => ({ at: g.atMs, text: `no task ${f(g.ms)} ms` })),
    ]
      .sort((x, y) => x.at - y.at)
      .slice(0, 40)
      .map((x) => `  @${f(x.at).padStart(7)} ms  ${x.text}`),
  ]
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  children?: number[]
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Where a Node CPU profile's samples in `[fromUs, toUs]` ran, in ms by part of the code. */
export function nodeBreakdown(
  profile: CpuProfile,
  fromUs: number,
  toUs: number,
): { windowMs: number; parts: [string, number][]; top: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0
    const next = t + (profile.timeDeltas[i + 1] ?? 0)
    if (t < fromUs || t > toUs) continue
    const ms = (next - t) / 1000
    const leaf = byId.get(profile.samples[i]!)
    if (leaf === undefined) continue
    const part = partOf(leaf, byId, parent)
    parts.set(part, (parts.get(part) ?? 0) + ms)
    if (part !== 'idle') {
      const name = `${leaf.callFrame.functionName || '(anonymous)'} ${shortUrl(leaf.callFrame.url)}`
      functions.set(name, (functions.get(name) ?? 0) + ms)
    }
  }
  const sortDesc = (m: Map<string, number>): [string, number][] =>
    [...m].sort((a, b) => b[1] - a[1])
  return {
    windowMs: (toUs - fromUs) / 1000,
    parts: sortDesc(parts),
    top: sortDesc(functions).slice(0, 12),
  }
}

function shortUrl(url: string): string {
  const at = url.search(/\/(src|node_modules|e2e|bench)\//)
  return at < 0 ? url : url.slice(at + 1)
}

/** The nearest frame of ours up the stack names the part: sandbox, main, the bridge, or other. */
function partOf(
  leaf: ProfileNode,
  byId: Map<number, ProfileNode>,
  parent: Map<number, number>,
): string {
  const name = leaf.callFrame.functionName
  if (name === '(idle)' || name === '(program)') return 'idle'
  if (name === '(garbage collector)') return 'gc'
  let node: ProfileNode | undefined = leaf
  while (node !== undefined) {
    const url = node.callFrame.url
    if (url.includes('/src/sandbox/')) return 'sandbox'
    if (url.includes('/src/main/')) return 'main'
    if (url.includes('/e2e/') || url.includes('/bench/')) return 'bridge (bench host)'
    if (url.includes('playwright-core')) return 'playwright (CDP, JSON)'
    const up = parent.get(node.id)
    node = up === undefined ? undefined : byId.get(up)
  }
  return 'node (other)'
}
