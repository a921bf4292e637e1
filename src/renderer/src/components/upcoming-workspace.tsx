import type { ReactElement } from 'react'
import { WorkspaceHeader } from './workspace-header'

/**
 * The honest shell of a workspace that is not built yet: what it will do, and that it is not
 * available in this version. No fake data, no dead buttons.
 */
export function UpcomingWorkspace(props: {
  title: string
  description: string
  plans: { name: string; detail: string }[]
  focusOnMount?: boolean
}): ReactElement {
  return (
    <section className="workspace" aria-labelledby="workspace-title" data-testid="workspace">
      <WorkspaceHeader
        title={props.title}
        description={props.description}
        focusOnMount={props.focusOnMount ?? false}
      />
      <div className="box box--empty shell-placeholder">
        <p className="shell-placeholder__status">
          <span className="chip">Not available yet</span>
          This workspace arrives in a later version of VoiceDesk. Here is what it will do:
        </p>
        <ul>
          {props.plans.map((plan) => (
            <li key={plan.name}>
              <strong>{plan.name}</strong>
              <span>{plan.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
