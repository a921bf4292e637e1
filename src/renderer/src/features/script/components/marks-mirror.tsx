import { memo, useMemo } from 'react'
import type { ReactElement } from 'react'
import type { TextMark } from '../../../../../shared/domain/text-marks'
import { markLabel } from '../hooks/mark-words'

/** One stretch of text under the same marks, and the labels of the marks that start there. */
interface Stretch {
  start: number
  end: number
  classes: string
  labels: string[]
  pauses: number[]
}

/** The text cut where any mark starts or ends, each stretch with the classes its marks give it. */
export function stretchesOf(text: string, marks: readonly TextMark[]): Stretch[] {
  const points = new Set<number>([0, text.length])
  for (const mark of marks) {
    points.add(mark.start)
    points.add(mark.end)
  }
  const sorted = [...points].filter((p) => p <= text.length).sort((a, b) => a - b)
  const out: Stretch[] = []
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!
    const end = sorted[i + 1] ?? start
    const classes: string[] = []
    const labels: string[] = []
    const pauses: number[] = []
    for (const mark of marks) {
      if (mark.kind === 'pause') {
        if (mark.start === start) pauses.push(mark.ms)
        continue
      }
      if (mark.start > start || mark.end < end || mark.end <= start) continue
      classes.push(
        `mark--${mark.kind}`,
        `mark--${mark.kind}-${mark.kind === 'alias' ? 'on' : mark.value}`,
      )
      if (mark.start === start && (mark.kind === 'emotion' || mark.kind === 'alias')) {
        labels.push(markLabel(mark))
      }
    }
    if (end > start || pauses.length > 0) {
      out.push({ start, end, classes: classes.join(' '), labels, pauses })
    }
  }
  return out
}

/**
 * A block's marks drawn behind nothing and over its textarea (whose own text is transparent): the
 * same text in the same font, size and wrapping, so every glyph lands where the textarea puts it.
 * Why styling that keeps glyph widths (colour, underlines, a faux bold by text-shadow, labels out
 * of the flow): a wider glyph would move every later letter away from the caret the user sees.
 */
export const MarksMirror = memo(function MarksMirror(props: {
  text: string
  marks: readonly TextMark[]
}): ReactElement {
  const { text, marks } = props
  const stretches = useMemo(() => stretchesOf(text, marks), [text, marks])
  return (
    <div className="block__mirror" aria-hidden="true" data-testid="marks-mirror">
      {stretches.map((s) => (
        <span key={s.start} className={s.classes === '' ? undefined : `mark ${s.classes}`}>
          {s.pauses.map((ms) => (
            <span key={`p${ms}`} className="mark-pause" data-testid="mark-pause">
              <span className="mark-label">{`${ms / 1000} s`}</span>
            </span>
          ))}
          {s.labels.map((label) => (
            <span key={label} className="mark-label">
              {label}
            </span>
          ))}
          {text.slice(s.start, s.end)}
        </span>
      ))}
      {/* A textarea shows a line after a final newline; so does its mirror. */}
      {text.endsWith('\n') ? '\u200b' : null}
    </div>
  )
})
