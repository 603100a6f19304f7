import { Suspense, useState } from 'react'
import type { Company } from '@/schemas/company'
import { useCreateInvoiceRequest } from '@/services/invoices'
import { useSessionView } from '@/services/session'
import { Button } from '@/ui/Button'
import { Alert, Loading } from '@/ui/Feedback'
import { PageHeader } from '@/ui/Layout'
import { SidePanel } from '@/ui/SidePanel'
import { Tabs } from '@/ui/Tabs'
import { notify } from '@/ui/notify'
import { draftInvoiceValues, newInvoiceValues } from './invoice-form'
import { InvoiceForm } from './InvoiceForm'
import { InvoiceRequestsTab } from './InvoiceRequestsTab'
import type { InvoicesSearch, InvoiceTab } from './invoices-search'
import { SchedulesTab } from './SchedulesTab'

export type InvoicesScreenProps = {
  search: InvoicesSearch
  onSearchChange: (search: InvoicesSearch) => void
}

/** /app/invoices: the company's NFS-e requests and monthly schedules. */
export function InvoicesScreen(props: InvoicesScreenProps) {
  const { company } = useSessionView()
  if (!company)
    return (
      <>
        <PageHeader title="Notas fiscais" />
        <Alert tone="info" title="Nenhuma empresa escolhida.">
          As notas são de uma empresa: abra a empresa pelo back office para vê-las.
        </Alert>
      </>
    )
  return <CompanyInvoices company={company} {...props} />
}

function CompanyInvoices({
  company,
  search,
  onSearchChange,
}: InvoicesScreenProps & { company: Company }) {
  const [requesting, setRequesting] = useState(false)
  const create = useCreateInvoiceRequest()
  const tab: InvoiceTab = search.tab ?? 'solicitacoes'
  // A request started from a credit without an invoice (bank reconciliation) opens filled in.
  const drafting = Boolean(search.draft)
  const closeForm = () => {
    setRequesting(false)
    if (drafting)
      onSearchChange({
        ...search,
        draft: undefined,
        value: undefined,
        date: undefined,
        taker: undefined,
        takerName: undefined,
      })
  }
  return (
    <>
      <PageHeader
        title="Notas fiscais"
        description={`Peça as NFS-e de ${company.alias ?? company.name}: a contabilidade emite e você acompanha cada pedido; agende as que se repetem todo mês.`}
        actions={<Button onClick={() => setRequesting(true)}>Nova solicitação</Button>}
      />
      <Tabs
        label="Notas fiscais"
        value={tab}
        // Switching tabs keeps nothing of the other tab's filters.
        onValueChange={(next) =>
          onSearchChange({ tab: next === 'solicitacoes' ? undefined : next })
        }
        items={[
          {
            value: 'solicitacoes',
            label: 'Solicitações',
            content: (
              <Suspense fallback={<Loading label="Carregando as solicitações…" />}>
                <InvoiceRequestsTab
                  companyId={company.id}
                  search={search}
                  onSearchChange={onSearchChange}
                />
              </Suspense>
            ),
          },
          {
            value: 'agendamentos',
            label: 'Agendamentos',
            content: (
              <Suspense fallback={<Loading label="Carregando os agendamentos…" />}>
                <SchedulesTab company={company} />
              </Suspense>
            ),
          },
        ]}
      />
      <SidePanel
        open={requesting || drafting}
        onOpenChange={(open) => (open ? setRequesting(true) : closeForm())}
        title="Nova solicitação de NFS-e"
        description="Os dados da nota de serviço: a contabilidade confere e emite a NFS-e."
        size="lg"
      >
        {(requesting || drafting) && (
          <InvoiceForm
            mode="request"
            company={company}
            initialValues={
              drafting ? draftInvoiceValues(company, search) : newInvoiceValues(company)
            }
            submitLabel="Solicitar nota"
            onCancel={closeForm}
            onSubmit={async (values) => {
              const request = await create.mutateAsync({ companyId: company.id, request: values })
              notify.success('Solicitação enviada: a nota está pendente.')
              setRequesting(false)
              onSearchChange({ request: request.id })
            }}
          />
        )}
      </SidePanel>
    </>
  )
}
