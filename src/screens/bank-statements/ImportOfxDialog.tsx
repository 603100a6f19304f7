import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useImportOfx, type OfxImport } from '@/services/bank-statements'
import { Button } from '@/ui/Button'
import { Dialog } from '@/ui/Dialog'
import { Alert } from '@/ui/Feedback'
import { FileDrop } from '@/ui/FileDrop'
import { notify } from '@/ui/notify'
import { accountName, importSummary, reconciliationSummary } from './bank-format'
import { ofxFileRules } from './ofx-rules'
import styles from './Bank.module.css'

export const OFX_REQUIRED = 'Escolha o arquivo OFX do extrato.'

/**
 * "Importar OFX": one statement file from the bank's internet banking; its account is found by
 * bank and number (or created). The result says how many entries came in, were already there and
 * were dropped as dated after the statement.
 */
export function ImportOfxDialog({
  companyId,
  open,
  onOpenChange,
}: {
  companyId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const importOfx = useImportOfx()
  const [file, setFile] = useState<File | null>(null)
  const [missing, setMissing] = useState(false)
  const [result, setResult] = useState<OfxImport | null>(null)

  function changeOpen(next: boolean) {
    if (!next) {
      setFile(null)
      setMissing(false)
      setResult(null)
      importOfx.reset()
    }
    onOpenChange(next)
  }

  function send() {
    if (!file) {
      setMissing(true)
      return
    }
    importOfx.mutate(
      { companyId, file },
      {
        onSuccess: (answer) => {
          setResult(answer)
          setFile(null)
          notify.success(`Extrato importado: ${importSummary(answer)}`)
        },
      },
    )
  }

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title="Importar extrato OFX"
      description="No internet banking, exporte o extrato em OFX (Money ou Quicken) e envie aqui. Lançamentos repetidos são ignorados."
    >
      <div className={styles.form}>
        {result && (
          <Alert tone="success" title={`Extrato de ${accountName(result.account)} importado`}>
            <p style={{ margin: 0 }}>{importSummary(result)}</p>
            {result.reconciliation && (
              <p style={{ margin: 0 }}>{reconciliationSummary(result.reconciliation)}</p>
            )}
            <div className="row" style={{ flexWrap: 'wrap' }}>
              <Link
                to="/app/bank-statements/accounts/$accountId/transactions"
                params={{ accountId: result.account.id }}
              >
                Ver as movimentações
              </Link>
              <Link to="/app/bank-statements/reconciliation">Ver a conciliação</Link>
            </div>
          </Alert>
        )}
        <FileDrop
          label="Arquivo OFX"
          {...ofxFileRules}
          onFile={(chosen) => {
            setFile(chosen)
            setMissing(false)
            importOfx.reset()
          }}
          onRefuse={() => setFile(null)}
          fileName={file?.name}
          error={missing ? OFX_REQUIRED : (importOfx.error?.message ?? null)}
          disabled={importOfx.isPending}
        />
        <div className="row" style={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            {result ? 'Concluir' : 'Cancelar'}
          </Button>
          <Button onClick={send} loading={importOfx.isPending}>
            Importar
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
