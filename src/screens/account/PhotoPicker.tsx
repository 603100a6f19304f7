import { useRef, useState } from 'react'
import type { CurrentUser } from '@/schemas/user'
import { photoProblem, useRemovePhoto, useUploadPhoto } from '@/services/account'
import { useSessionService } from '@/services/session'
import { Avatar } from '@/ui/Avatar'
import { Button } from '@/ui/Button'
import { notify } from '@/ui/notify'
import styles from './Account.module.css'

/** The profile photo: choose one (JPG, PNG or WebP, up to 2 MB) or remove it. */
export function PhotoPicker({ user }: { user: CurrentUser }) {
  const session = useSessionService()
  const input = useRef<HTMLInputElement>(null)
  const upload = useUploadPhoto()
  const remove = useRemovePhoto()
  const [problem, setProblem] = useState<string | null>(null)

  async function choose(file: File | undefined) {
    if (!file) return
    setProblem(null)
    const before = photoProblem(file)
    if (before) return setProblem(before)
    try {
      await upload.mutateAsync({ uid: user.uid, file })
      await session.refreshUser()
      notify.success('Foto atualizada.')
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'Não foi possível enviar a foto.')
    } finally {
      if (input.current) input.current.value = ''
    }
  }

  async function drop() {
    setProblem(null)
    try {
      await remove.mutateAsync(user.uid)
      await session.refreshUser()
      notify.success('Foto removida.')
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : 'Não foi possível remover a foto.')
    }
  }

  return (
    <div className={styles.photo}>
      <Avatar name={user.displayName} email={user.email} photoUrl={user.photoUrl} size="lg" />
      <div className={styles.photoActions}>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Arquivo da foto"
          data-testid="photo-input"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="secondary"
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {user.photoUrl ? 'Trocar foto' : 'Enviar foto'}
          </Button>
          {user.photoUrl && (
            <Button
              size="sm"
              variant="ghost"
              loading={remove.isPending}
              onClick={() => void drop()}
            >
              Remover foto
            </Button>
          )}
        </div>
        <span className={styles.note}>JPG, PNG ou WebP, até 2 MB.</span>
        {problem && (
          <span className={styles.error} role="alert">
            {problem}
          </span>
        )}
      </div>
    </div>
  )
}
