import { useState } from 'react'
import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { revealExport } from '../api/inbox-queries'

/** The file name of a path main wrote, for people (the folder is what Show in folder opens). */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** "Show in folder" for a file an export wrote, with the reason when it cannot be shown. */
export function ShowInFolder(props: { path: string }): ReactElement {
  const [error, setError] = useState<unknown>(null)
  return (
    <>
      <button
        type="button"
        className="button button--small"
        onClick={() => {
          setError(null)
          revealExport(props.path).catch(setError)
        }}
      >
        Show in folder
      </button>
      {error !== null && <ErrorNotice error={error} testId="reveal-error" />}
    </>
  )
}
