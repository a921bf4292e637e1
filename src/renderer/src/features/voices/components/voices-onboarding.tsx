import type { ReactElement } from 'react'
import type { VoicesAccess } from '../hooks/voices-access'

/** The id of the sentence that says why key-requiring actions are disabled (aria-describedby). */
export const NO_KEY_REASON_ID = 'voices-no-key-reason'

/**
 * What Voices shows before there is a key to list voices with: what the workspace does, why it
 * needs a key, and one button to the Account screen. Calm, not an error: nothing failed.
 */
export function VoicesOnboarding(props: {
  access: Extract<VoicesAccess, { state: 'no-key' | 'key-elsewhere' }>
  onOpenAccount: () => void
}): ReactElement {
  const { access } = props
  return (
    <section
      className="box voices-onboarding"
      aria-labelledby="voices-onboarding-title"
      data-testid="voices-onboarding"
    >
      <h2 id="voices-onboarding-title">
        {access.state === 'no-key'
          ? 'Add your API key to see the voices'
          : 'Add a key for this service to see the voices'}
      </h2>
      {access.state === 'no-key' ? (
        <p id={NO_KEY_REASON_ID}>
          The voice catalog, previews and personal voices come from your account on the service. Add
          your API key on the Account screen: VoiceDesk keeps it in the system keychain.
        </p>
      ) : (
        <p id={NO_KEY_REASON_ID}>
          The key saved on this computer was saved for a different service address, and VoiceDesk
          sends it nowhere else. On the Account screen, set the address back or paste the key for
          this address.
        </p>
      )}
      <ul className="stack voices-onboarding__list">
        <li>Browse the service's voices by language, gender and style, and preview them</li>
        <li>Try any voice with your own text</li>
        <li>Clone a personal voice from a short recording, with consent</li>
      </ul>
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={props.onOpenAccount}
          data-testid="open-account"
        >
          Go to Account
        </button>
      </div>
    </section>
  )
}
