import { Link, useNavigate } from '@tanstack/react-router'
import { useSessionService, useSessionView } from '@/services/session'
import { Avatar } from '@/ui/Avatar'
import { Icon } from '@/ui/Icon'
import { Menu, MenuItem, MenuLabel, MenuSeparator } from '@/ui/Menu'
import { notify } from '@/ui/notify'
import styles from './UserMenu.module.css'

/** The signed-in person: who they are, their profile and the way out. */
export function UserMenu({ showProfile = true }: { showProfile?: boolean }) {
  const session = useSessionService()
  const { user } = useSessionView()
  const navigate = useNavigate()
  if (!user) return null
  const name = user.displayName || user.email || 'Minha conta'

  async function logout() {
    await session.logout()
    notify.info('Você saiu da sua conta.')
    await navigate({ to: '/app/login', replace: true })
  }

  return (
    <Menu
      trigger={
        <button type="button" className={styles.trigger} aria-label={`Conta de ${name}`}>
          <Avatar name={user.displayName} email={user.email} photoUrl={user.photoUrl} />
          <span className={styles.name} data-testid="user-name">
            {name}
          </span>
          <Icon name="chevronDown" size={16} />
        </button>
      }
    >
      <MenuLabel>
        <strong>{user.displayName || 'Sem nome'}</strong>
        {user.email}
      </MenuLabel>
      <MenuSeparator />
      {showProfile && (
        <MenuItem asChild>
          <Link to="/app/user/my-profile">
            <Icon name="user" size={18} /> Meu perfil
          </Link>
        </MenuItem>
      )}
      <MenuItem tone="danger" onSelect={() => void logout()}>
        <Icon name="logout" size={18} /> Sair
      </MenuItem>
    </Menu>
  )
}
