import { replayAs } from '@/lib/replay'
import type { FederatedProvider } from '@/services/session'
import styles from './LoginScreen.module.css'

const providers: { id: FederatedProvider; label: string; mark: string; color: string }[] = [
  { id: 'google', label: 'Google', mark: 'G', color: '#1a73e8' },
  { id: 'facebook', label: 'Facebook', mark: 'f', color: '#1877f2' },
  { id: 'github', label: 'GitHub', mark: 'GH', color: '#24292f' },
  { id: 'twitter', label: 'Twitter', mark: '𝕏', color: '#0f1419' },
]

/** Sign-in with Google, Facebook, GitHub or Twitter (a popup of the identity service). */
export function FederatedButtons({
  busy,
  disabled,
  onChoose,
}: {
  busy: FederatedProvider | null
  disabled: boolean
  onChoose: (provider: FederatedProvider) => void
}) {
  return (
    <div className={styles.federated} role="group" aria-label="Entrar com outra conta">
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={styles.provider}
          onClick={() => onChoose(provider.id)}
          disabled={disabled}
          aria-busy={busy === provider.id || undefined}
          aria-label={`Entrar com ${provider.label}`}
          {...replayAs(`provider-${provider.id}`)}
        >
          <span className={styles.mark} style={{ background: provider.color }} aria-hidden="true">
            {provider.mark}
          </span>
          {busy === provider.id ? 'Aguardando…' : provider.label}
        </button>
      ))}
    </div>
  )
}
