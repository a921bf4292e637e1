import type { ReactElement } from 'react'
import { UpcomingWorkspace } from '../../../components/upcoming-workspace'

/** The Voices workspace: browse, preview, clone, delete voices and download samples. Shell for now. */
export function VoicesWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  return (
    <UpcomingWorkspace
      title="Voices"
      description="Browse the voice catalog and your personal voices, listen to previews, clone a voice from a recording, and download its sample."
      focusOnMount={props.focusOnMount ?? false}
      plans={[
        { name: 'Browse', detail: 'Filter by language, gender and style; preview any voice.' },
        { name: 'Clone', detail: 'Create a personal voice from a 10–30 second recording.' },
        { name: 'Manage', detail: 'Delete personal voices and download their samples.' },
      ]}
    />
  )
}
