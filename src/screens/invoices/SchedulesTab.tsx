import { useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { formatDate, formatMoney } from '@/lib/format'
import type { Company } from '@/schemas/company'
import type { NfsSchedulerInput, NfsSchedulerView } from '@/schemas/invoice'
import { schedulersQueryOptions, useDeleteScheduler, useSaveScheduler } from '@/services/invoices'
import { Button } from '@/ui/Button'
import { ConfirmDialog } from '@/ui/Dialog'
import { Badge } from '@/ui/Feedback'
import { ListView } from '@/ui/List'
import { SidePanel } from '@/ui/SidePanel'
import { notify } from '@/ui/notify'
import { formatTakerDocument, newInvoiceValues, scheduleValues } from './invoice-form'
import { InvoiceForm } from './InvoiceForm'
import styles from './Invoices.module.css'

/** A saved schedule as the API takes it back (to pause or resume it). */
const inputOf = (scheduler: NfsSchedulerView, active: boolean): NfsSchedulerInput => ({
  cnpj: scheduler.cnpj,
  totalValue: scheduler.totalValue,
  serviceDescription: scheduler.serviceDescription,
  taxationCode: scheduler.taxationCode,
  municipalityCode: scheduler.municipalityCode,
  issWithheld: scheduler.issWithheld,
  issTaxation: scheduler.issTaxation,
  taker: scheduler.taker,
  dayOfMonth: scheduler.dayOfMonth,
  active,
})

/** "próxima emissão em 05/12/2026" (the last day of a shorter month), or that it is paused. */
export const nextIssueText = (scheduler: Pick<NfsSchedulerView, 'active' | 'nextRunDate'>) =>
  scheduler.active && scheduler.nextRunDate
    ? `próxima emissão em ${formatDate(scheduler.nextRunDate)}`
    : 'pausado: não emite até ser retomado'

type Editing = { scheduler: NfsSchedulerView | null } | null

/** Agendamentos: the notes issued every month, created, edited, paused and deleted here. */
export function SchedulesTab({ company }: { company: Company }) {
  const { data } = useSuspenseQuery(schedulersQueryOptions(company.id))
  const save = useSaveScheduler()
  const remove = useDeleteScheduler()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<NfsSchedulerView | null>(null)

  function togglePause(scheduler: NfsSchedulerView) {
    save.mutate(
      {
        companyId: company.id,
        schedulerId: scheduler.id,
        scheduler: inputOf(scheduler, !scheduler.active),
      },
      {
        onSuccess: (saved) =>
          notify.success(
            saved.active
              ? `Agendamento retomado: ${nextIssueText(saved)}.`
              : 'Agendamento pausado.',
          ),
        onError: (error) => notify.error(error.message),
      },
    )
  }

  function confirmDelete() {
    if (!deleting) return
    remove.mutate(
      { companyId: company.id, schedulerId: deleting.id },
      {
        onSuccess: () => {
          notify.success(
            'Agendamento excluído. As notas que ele já pediu continuam nas solicitações.',
          )
          setDeleting(null)
        },
        onError: (error) => notify.error(error.message),
      },
    )
  }

  const editingScheduler = editing?.scheduler ?? null
  return (
    <>
      <div className={styles.toolbar}>
        <Button onClick={() => setEditing({ scheduler: null })}>Novo agendamento</Button>
      </div>
      <ListView
        list={data}
        empty={{
          title: 'Nenhum agendamento',
          description:
            'Para um contrato que se repete, agende a nota uma vez: ela é pedida todo mês no dia escolhido.',
          action: <Button onClick={() => setEditing({ scheduler: null })}>Novo agendamento</Button>,
        }}
      >
        <ul className={styles.schedules} aria-label="Agendamentos">
          {data.data.map((scheduler) => (
            <li key={scheduler.id} className={styles.schedule}>
              <div className={styles.scheduleHead}>
                <div>
                  <h2>{scheduler.taker?.name ?? 'Sem tomador'}</h2>
                  {scheduler.taker && (
                    <span className={styles.muted}>
                      {formatTakerDocument(scheduler.taker.document)}
                    </span>
                  )}
                </div>
                {scheduler.active ? (
                  <Badge tone="success">Ativo</Badge>
                ) : (
                  <Badge tone="neutral">Pausado</Badge>
                )}
              </div>
              <div>
                <strong className={styles.money}>{formatMoney(scheduler.totalValue)}</strong> todo
                dia {scheduler.dayOfMonth}
                <div className={styles.next}>{nextIssueText(scheduler)}</div>
              </div>
              <p className="muted" style={{ margin: 0 }}>
                {scheduler.serviceDescription}
              </p>
              <div className={styles.rowActions} style={{ justifyContent: 'flex-start' }}>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ scheduler })}>
                  Editar
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={save.isPending && save.variables?.schedulerId === scheduler.id}
                  onClick={() => togglePause(scheduler)}
                >
                  {scheduler.active ? 'Pausar' : 'Retomar'}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(scheduler)}>
                  Excluir
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListView>
      <SidePanel
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editingScheduler ? 'Editar agendamento' : 'Novo agendamento'}
        description="A nota é pedida todo mês no dia escolhido, com estes dados."
        size="lg"
      >
        {editing && (
          <InvoiceForm
            key={editingScheduler?.id ?? 'new'}
            mode="schedule"
            company={company}
            initialValues={
              editingScheduler ? scheduleValues(editingScheduler) : newInvoiceValues(company)
            }
            initialMunicipalityName={editingScheduler?.municipalityName}
            submitLabel={editingScheduler ? 'Salvar agendamento' : 'Agendar'}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await save.mutateAsync({
                companyId: company.id,
                schedulerId: editingScheduler?.id,
                scheduler: values,
              })
              notify.success(
                `${editingScheduler ? 'Agendamento salvo' : 'Nota agendada'}: ${nextIssueText(saved)}.`,
              )
              setEditing(null)
            }}
          />
        )}
      </SidePanel>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Excluir o agendamento?"
        description={
          deleting
            ? `A nota de ${formatMoney(deleting.totalValue)} todo dia ${deleting.dayOfMonth}${deleting.taker ? ` para ${deleting.taker.name}` : ''} deixa de ser pedida. As que já foram pedidas continuam.`
            : ''
        }
        confirmLabel="Excluir agendamento"
        cancelLabel="Manter"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  )
}
