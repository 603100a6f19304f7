import styles from './Avatar.module.css'

/** Two letters for a person: first and last name, or the start of the e-mail. */
export const initialsOf = (name: string | null | undefined, email: string | null | undefined) => {
  const source = (name ?? '').trim() || (email ?? '').split('@')[0] || '?'
  const parts = source.split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : source.slice(0, 2)
  return letters.toUpperCase()
}

/** A person's photo, or their initials. Decorative: the name is always written next to it. */
export function Avatar({
  name,
  email,
  photoUrl,
  size = 'md',
}: {
  name: string | null | undefined
  email: string | null | undefined
  photoUrl?: string | null
  size?: 'md' | 'lg'
}) {
  return (
    <span className={`${styles.avatar} ${styles[size]}`} aria-hidden="true">
      {photoUrl ? <img src={photoUrl} alt="" /> : initialsOf(name, email)}
    </span>
  )
}
