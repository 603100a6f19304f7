import { Link } from '@tanstack/react-router'
import type { User } from '@/schemas/user'
import styles from './BackOffice.module.css'

/** A person in a list: the name, opening their page, and the e-mail under it. */
export function UserName({ user }: { user: Pick<User, 'id' | 'name' | 'email'> }) {
  return (
    <div className={styles.name}>
      <Link to="/app/admin/users/$userId" params={{ userId: user.id }}>
        {user.name}
      </Link>
      <span className="muted">{user.email}</span>
    </div>
  )
}
