import type { ReactElement } from 'react'
import { useEffect, useState } from 'react'
import type { ReadingProgress } from './reading-words'
import { readingTimeLeft, readingWords } from './reading-words'

/**
 * " · about 2 minutes left", measured from the part reached when it mounted (the counting's
 * start); nothing until the pace can be judged. Why a clock of its own: reports may be seconds
 * apart, and the estimate settles between them.
 */
function TimeLeft(props: { progress: ReadingProgress; testId: string }): ReactElement | null {
  const [start] = useState(() => ({ done: props.progress.done, atMs: Date.now() }))
  const [now, setNow] = useState(start.atMs)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = readingTimeLeft(props.progress, start, now)
  return left === null ? null : <span data-testid={props.testId}> · {left}</span>
}

/**
 * A manuscript being read: the part in words, a bar (busy, without a value, while the table of
 * contents is read or before the first part), and the time left once the pace can be judged.
 */
export function ReadingProgressView(props: {
  progress: ReadingProgress | undefined
  /** Words before the first report ("Reading the PDF…"). */
  waiting: string
  testId: string
  label: string
}): ReactElement {
  const { progress } = props
  const counting = progress !== undefined && progress.unit !== 'contents' && progress.total > 0
  const words = progress === undefined ? props.waiting : readingWords(progress)
  return (
    <div className="stack reading-progress">
      {counting ? (
        <progress
          max={progress.total}
          value={progress.done}
          aria-label={props.label}
          aria-valuetext={words}
        />
      ) : (
        <progress aria-label={props.label} aria-valuetext={words} />
      )}
      <p className="field__hint" role="status" data-testid={props.testId}>
        {words}
        {counting && (
          <TimeLeft
            key={`${progress.unit}/${progress.total}`}
            progress={progress}
            testId={`${props.testId}-left`}
          />
        )}
      </p>
    </div>
  )
}
