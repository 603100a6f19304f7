import { useState, type ReactNode } from 'react'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { StepSection } from '../StepFrame'
import { fieldAnchorId } from '../step-form'
import { sharesTotal } from './partner-values'
import { SharesTotal } from './SharesTotal'
import styles from './Partners.module.css'

/**
 * The partners of either track as a list of cards: each with its fields (`children`), removable
 * (after a confirmation) while there is more than one; the live total of the shares, the list's
 * own message, and "Adicionar sócio" when more may come.
 */
export function PartnerList({
  ids,
  partners,
  error,
  canAdd,
  onAdd,
  onRemove,
  children,
}: {
  /** A stable key per card (react-hook-form's field ids). */
  ids: readonly string[]
  partners: readonly { name: string; sharePercent: string }[]
  error: string | undefined
  canAdd: boolean
  onAdd: (suggestedShare: string) => void
  onRemove: (index: number) => void
  children: (index: number) => ReactNode
}) {
  const [removing, setRemoving] = useState<number | null>(null)
  const total = sharesTotal(partners.map((partner) => partner.sharePercent))
  const rest = Math.round((100 - total) * 100) / 100
  return (
    <StepSection title="Sócios" anchorId={fieldAnchorId('partners')}>
      <ol className={styles.list}>
        {ids.map((id, index) => {
          const name = partners[index]?.name
          const title = `Sócio ${index + 1}${name ? `: ${name}` : ''}`
          return (
            <li key={id}>
              <fieldset className={styles.partner} aria-label={title}>
                <div className={styles.partnerHeader}>
                  <h3>{title}</h3>
                  {ids.length > 1 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setRemoving(index)}
                      aria-label={`Remover sócio ${index + 1}`}
                    >
                      Remover
                    </Button>
                  )}
                </div>
                {children(index)}
              </fieldset>
            </li>
          )
        })}
      </ol>
      <SharesTotal total={total} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {canAdd && (
        <div className="row">
          <Button
            variant="secondary"
            onClick={() => onAdd(rest > 0 ? String(rest).replace('.', ',') : '')}
          >
            Adicionar sócio
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remover sócio?"
        description={
          removing !== null
            ? `${partners[removing]?.name || `O sócio ${removing + 1}`} sai da lista, com o que foi preenchido dele.`
            : ''
        }
        confirmLabel="Remover sócio"
        tone="danger"
        onConfirm={() => {
          if (removing !== null) onRemove(removing)
          setRemoving(null)
        }}
      />
    </StepSection>
  )
}
