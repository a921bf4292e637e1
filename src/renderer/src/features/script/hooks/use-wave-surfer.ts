import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import WaveSurfer from 'wavesurfer.js'
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js'
import type { RenderPlayback } from '../../../../../shared/domain/render-playback'
import { MAX_WAVEFORM_PEAKS } from '../../../../../shared/domain/render-playback'
import { fetchWaveSlice, loadRenderAudio } from '../api/render-playback-api'
import { MeasuredPeaks, measureSlicedPeaks } from './sliced-peaks'

/**
 * Compressed files longer than this are not decoded whole in the window for their waveform: an
 * AAC or M4B one is measured slice by slice (sliced-peaks.ts), any other gets a flat line.
 */
const MAX_DECODED_SECONDS = 20 * 60

/** Long AAC and M4B renders already measured in this window (reopening the player redraws them). */
const measuredPeaks = new MeasuredPeaks()

/**
 * The theme's colours for the canvas, which takes neither CSS variables nor light-dark(): each is
 * resolved to rgb() by letting an element of the page use it.
 */
function waveColours(element: HTMLElement): {
  waveColor: string
  progressColor: string
  cursorColor: string
} {
  const probe = document.createElement('span')
  element.append(probe)
  const resolve = (name: string): string => {
    probe.style.color = `var(${name})`
    return getComputedStyle(probe).color
  }
  const colours = {
    waveColor: resolve('--color-text-subtle'),
    progressColor: resolve('--color-accent'),
    cursorColor: resolve('--color-text'),
  }
  probe.remove()
  return colours
}

/**
 * wavesurfer lays out its shadow DOM with an inline <style>, which the page's policy (no inline
 * styles) refuses. The same rules are adopted as a constructed style sheet, which the policy
 * allows, rather than loosening the policy for every page of the app.
 */
function adoptWaveStyles(surfer: WaveSurfer): void {
  const root = surfer.getWrapper().getRootNode()
  if (!(root instanceof ShadowRoot)) return
  const sheets = [...root.querySelectorAll('style')].map((style) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(style.textContent)
    return sheet
  })
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets]
}

/** The theme can change while the player is open: the canvas takes the new colours. */
function followTheme(surfer: WaveSurfer, container: HTMLElement): () => void {
  const recolour = (): void => surfer.setOptions(waveColours(container))
  const themeWatch = new MutationObserver(recolour)
  themeWatch.observe(document.documentElement, { attributes: true })
  const scheme = matchMedia('(prefers-color-scheme: dark)')
  scheme.addEventListener('change', recolour)
  return () => {
    themeWatch.disconnect()
    scheme.removeEventListener('change', recolour)
  }
}

/** Whether the waveform is measured from main's ADTS slices: a long AAC or M4B render. */
function measuredInSlices(info: RenderPlayback): boolean {
  return info.peaks === null && info.waveSlices && info.durationSeconds > MAX_DECODED_SECONDS
}

/**
 * The waveform's peaks: main's when it measured them; without them (a compressed file) a short one
 * is decoded here whole (undefined), a long AAC or M4B one starts empty and fills in slice by slice,
 * any other long one gets a flat line rather than hundreds of megabytes of decoded samples.
 */
function peaksOf(info: RenderPlayback): number[][] | undefined {
  if (info.peaks !== null) return [info.peaks]
  if (measuredInSlices(info)) return [new Array<number>(MAX_WAVEFORM_PEAKS).fill(0)]
  if (info.durationSeconds > MAX_DECODED_SECONDS) return [new Array<number>(1000).fill(0.05)]
  return undefined
}

/**
 * Draws a long AAC or M4B render's waveform as its slices are decoded, left to right (the wave
 * growing is the progress, also given to `onMeasured` and as aria-busy on `element`).
 */
async function drawSlicedPeaks(
  surfer: WaveSurfer,
  element: HTMLElement,
  docId: string,
  info: RenderPlayback,
  onMeasured: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  element.setAttribute('aria-busy', 'true')
  try {
    const { peaks, complete } = await measureSlicedPeaks({
      durationSeconds: info.durationSeconds,
      fetchSlice: (from) => fetchWaveSlice(docId, from),
      onProgress: (peaks, fraction) => {
        if (signal.aborted) return
        // setOptions keeps wavesurfer's own copy (redraws on resize use it) but redraws the
        // canvas from the renderer's, so the renderer is handed the new levels as well.
        surfer.setOptions({ peaks: [peaks], duration: info.durationSeconds })
        const levels = surfer.getDecodedData()
        if (levels !== null) void surfer.getRenderer().render(levels)
        onMeasured(fraction)
      },
      signal,
    })
    // Only a whole wave is kept: one cut short is measured again next time.
    if (complete) measuredPeaks.remember(info, peaks)
    // All measured, whatever rounding left the last slice's end a frame short of the duration.
    if (!signal.aborted) onMeasured(1)
  } finally {
    element.removeAttribute('aria-busy')
  }
}

/** A mark at the start of each chapter, labelled with its title. */
function markChapters(regions: RegionsPlugin, chapters: RenderPlayback['chapters']): void {
  for (const chapter of chapters) {
    // Styled through the element (the shadow DOM is out of reach of the app's CSS), in the
    // theme's colours so the label reads in light and dark.
    const label = document.createElement('span')
    label.textContent = chapter.title
    Object.assign(label.style, {
      display: 'inline-block',
      padding: '0 4px',
      fontSize: '11px',
      color: 'var(--color-text)',
      background: 'var(--color-surface)',
      borderRadius: '3px',
      whiteSpace: 'nowrap',
    })
    regions.addRegion({
      start: chapter.startSeconds,
      content: label,
      color: 'var(--color-accent)',
      drag: false,
      resize: false,
    })
  }
}

/** What the player shows of its waveform and asks of it. */
export interface WavePlayer {
  ready: boolean
  playing: boolean
  /** The position, rounded to 50 ms. */
  seconds: number
  /** How much of the file has arrived, 0 to 1. */
  loaded: number
  /**
   * How much of a long AAC or M4B render's waveform is measured, 0 to 1 (its slices are decoded
   * after the audio is ready); null for any other render.
   */
  measured: number | null
  error: unknown
  /** Moves to a time, kept within the render; nothing before the audio is ready. */
  seek: (to: number) => void
  /** Plays or pauses; nothing before the audio is ready. */
  toggle: () => void
}

/**
 * A wavesurfer in `container` for a finished render: its file read from main in chunks, its
 * peaks, chapter marks and theme colours; torn down when the render or the document changes.
 */
export function useWaveSurfer(
  container: RefObject<HTMLDivElement | null>,
  docId: string,
  info: RenderPlayback | undefined,
  duration: number,
): WavePlayer {
  const surferRef = useRef<WaveSurfer | null>(null)
  const [loaded, setLoaded] = useState(0)
  const [measured, setMeasured] = useState<number | null>(null)
  const [ready, setReady] = useState(false)
  const [playing, setPlaying] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const element = container.current
    if (info === undefined || element === null) return
    const aborted = new AbortController()
    const regions = RegionsPlugin.create()
    const surfer = WaveSurfer.create({
      container: element,
      height: 36,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      normalize: true,
      dragToSeek: true,
      plugins: [regions],
      ...waveColours(element),
    })
    surferRef.current = surfer
    adoptWaveStyles(surfer)
    const offs = [
      surfer.on('ready', () => setReady(true)),
      surfer.on('play', () => setPlaying(true)),
      surfer.on('pause', () => setPlaying(false)),
      surfer.on('finish', () => setPlaying(false)),
      surfer.on('timeupdate', (time) => setSeconds(Math.round(time * 20) / 20)),
      surfer.on('error', (e) => setError(e)),
      followTheme(surfer, element),
    ]
    loadRenderAudio(docId, info, setLoaded, aborted.signal)
      .then(async (blob) => {
        if (aborted.signal.aborted) return
        // A long book measured earlier in this window is drawn at once from what was measured.
        const known = info.peaks === null ? measuredPeaks.get(info) : undefined
        await surfer.loadBlob(blob, known ? [known] : peaksOf(info), info.durationSeconds)
        markChapters(regions, info.chapters)
        if (known !== undefined || !measuredInSlices(info) || aborted.signal.aborted) return
        setMeasured(0)
        await drawSlicedPeaks(surfer, element, docId, info, setMeasured, aborted.signal)
      })
      .catch((e: unknown) => {
        if (!aborted.signal.aborted) setError(e)
      })
    return () => {
      aborted.abort()
      offs.forEach((off) => off())
      surfer.destroy()
      surferRef.current = null
      setReady(false)
      setPlaying(false)
      setSeconds(0)
      setLoaded(0)
      setMeasured(null)
    }
  }, [container, docId, info])

  const seek = (to: number): void => {
    const surfer = surferRef.current
    if (surfer === null || !ready) return
    surfer.setTime(Math.max(0, Math.min(duration, to)))
    setSeconds(surfer.getCurrentTime())
  }
  const toggle = (): void => {
    if (ready) void surferRef.current?.playPause()
  }
  return { ready, playing, seconds, loaded, measured, error, seek, toggle }
}
