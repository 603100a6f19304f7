import { useState, type FormEvent } from 'react'
import type { Payroll } from '@/schemas/simples/api'
import { useSavePayrollRisk } from '@/services/payroll'
import { Button } from '@/ui/Button'
import { Alert } from '@/ui/Feedback'
import { SelectField, TextField } from '@/ui/Field'
import { notify } from '@/ui/notify'
import styles from './Queue.module.css'

const fapText = (fap: number) => fap.toLocaleString('pt-BR', { minimumFractionDigits: 4 })

/**
 * The RAT and FAP of an Annex IV company, for the accountant: the CPP it pays outside the DAS
 * adds RAT × FAP on the employees' salaries. Blank goes back to the default (the RAT of its
 * activity, FAP 1,0000). PUT /companies/{id}/payroll-risk.
 */
export function PayrollRiskForm({ companyId, risk }: { companyId: string; risk: Payroll['risk'] }) {
  const save = useSavePayrollRisk()
  const [rat, setRat] = useState(risk.ratFrom === 'company' && risk.rat ? String(risk.rat) : '')
  const [fap, setFap] = useState(risk.fapFrom === 'company' ? fapText(risk.fap) : '')
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const fapValue = fap.trim() === '' ? null : Number(fap.replace(/\./g, '').replace(',', '.'))
    if (fapValue !== null && !Number.isFinite(fapValue)) {
      setError('FAP: de 0,5000 a 2,0000, com até quatro casas (Decreto nº 3.048/1999, art. 202-A).')
      return
    }
    try {
      await save.mutateAsync({
        companyId,
        risk: { rat: rat === '' ? null : (Number(rat) as 1 | 2 | 3), fap: fapValue },
      })
      notify.success('RAT e FAP salvos: a CPP da folha foi recalculada.')
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Tente de novo.')
    }
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="RAT e FAP da empresa">
      <p className="muted">
        Anexo IV: a CPP é paga fora do DAS, com o RAT × FAP sobre os salários. Agora:{' '}
        {risk.rat === null
          ? 'RAT desconhecido'
          : `RAT ${risk.rat} % (${risk.ratFrom === 'company' ? 'informado' : 'pela atividade'})`}
        , FAP {fapText(risk.fap)} ({risk.fapFrom === 'company' ? 'informado' : 'padrão'}).
      </p>
      {risk.message && (
        <Alert tone="warning" title="RAT não encontrado">
          {risk.message}
        </Alert>
      )}
      <div className={styles.riskGrid}>
        <SelectField
          label="RAT"
          value={rat}
          onChange={(event) => setRat(event.target.value)}
          options={[
            { value: '', label: 'Pela atividade (padrão)' },
            { value: '1', label: '1 % (risco leve)' },
            { value: '2', label: '2 % (risco médio)' },
            { value: '3', label: '3 % (risco grave)' },
          ]}
        />
        <TextField
          label="FAP"
          inputMode="decimal"
          placeholder="1,0000"
          value={fap}
          onChange={(event) => setFap(event.target.value)}
          hint="De 0,5000 a 2,0000, como publicado para a empresa; em branco, 1,0000."
        />
        <div>
          <Button type="submit" variant="secondary" loading={save.isPending}>
            Salvar RAT e FAP
          </Button>
        </div>
      </div>
      {error && (
        <Alert tone="danger" title="Não foi possível salvar.">
          {error}
        </Alert>
      )}
    </form>
  )
}
