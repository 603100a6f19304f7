import { useState } from 'react'
import { companyStatusLabels } from '@/schemas/glossary'
import { useQueryClient } from '@tanstack/react-query'
import { companyDisableSchema } from '@/schemas/company'
import {
  allowedStatusMoves,
  statusOf,
  type CompanyStatusSnapshot,
  type StatusMove,
} from '@/machines/company-status'
import { ApiError } from '@/services/api'
import { backOfficeKeys, useChangeCompanyStatus } from '@/services/back-office'
import { companyKeys } from '@/services/companies'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { notify } from '@/ui/notify'
import { ReasonDialog } from './ReasonDialog'
import { moveConsequence, moveLabel, moveName } from './status-moves'
import styles from './BackOffice.module.css'

/**
 * One button per change the company-status statechart allows from the company's snapshot (the
 * machine the server runs, so nothing offered is refused for the rules). Each asks for
 * confirmation; disabling asks for the reason. A 409 (someone changed the company first) is
 * explained and the company reloaded.
 */
export function StatusActions({
  companyId,
  companyName,
  snapshot,
}: {
  companyId: string
  companyName: string
  snapshot: CompanyStatusSnapshot
}) {
  const queryClient = useQueryClient()
  const change = useChangeCompanyStatus()
  const [chosen, setChosen] = useState<StatusMove | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const from = statusOf(snapshot)
  const moves = allowedStatusMoves(snapshot)

  async function run(move: StatusMove, reason?: string) {
    setConflict(null)
    try {
      await change.mutateAsync({ companyId, status: move.to, reason })
      setChosen(null)
      notify.success(`${companyName}: ${companyStatusLabels[move.to]}.`)
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setChosen(null)
        setConflict(error.message)
        // Someone changed it first: show what it is now (and the moves from there).
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
          queryClient.invalidateQueries({ queryKey: companyKeys.track(companyId) }),
          queryClient.invalidateQueries({ queryKey: backOfficeKeys.statusHistory(companyId) }),
        ])
        return
      }
      throw error
    }
  }

  return (
    <div className="stack">
      {conflict && (
        <Alert tone="warning" title="A situação da empresa mudou antes da sua alteração">
          {conflict} Recarregamos a empresa: confira a situação atual e as mudanças possíveis.
        </Alert>
      )}
      {moves.length === 0 ? (
        <p className="muted">Nenhuma mudança de situação é possível a partir daqui.</p>
      ) : (
        <div className={styles.moves} role="group" aria-label="Mudar a situação">
          {moves.map((move) => (
            <Button
              key={move.to}
              variant={move.event === 'company.disable' ? 'danger' : 'secondary'}
              aria-label={moveName(move)}
              onClick={() => {
                change.reset()
                setChosen(move)
              }}
            >
              {moveLabel(move)}
              <span className={styles.moveTarget} aria-hidden="true">
                → {companyStatusLabels[move.to]}
              </span>
            </Button>
          ))}
        </div>
      )}
      {chosen && chosen.event === 'company.disable' && (
        <ReasonDialog
          title={`Desativar ${companyName}?`}
          description={moveConsequence(chosen, from, companyName)}
          label="Motivo"
          confirmLabel="Desativar empresa"
          schema={companyDisableSchema}
          onCancel={() => setChosen(null)}
          onConfirm={(reason) => run(chosen, reason)}
        />
      )}
      {chosen && chosen.event !== 'company.disable' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open && !change.isPending) setChosen(null)
          }}
          title={`${moveLabel(chosen)}?`}
          description={
            <>
              {moveConsequence(chosen, from, companyName)}
              {change.error && (
                <span className={styles.dialogError} role="alert">
                  {change.error.message}
                </span>
              )}
            </>
          }
          confirmLabel={moveLabel(chosen)}
          busy={change.isPending}
          onConfirm={() => void run(chosen).catch(() => undefined)}
        />
      )}
    </div>
  )
}
